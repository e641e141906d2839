// A factor file of one factor set: its header checked against the set's columns and each row read
// into a factor (classification, values, the uncertainty, edition and boundary its source states,
// the source). The same reading serves an operator's upload (factor_ingest) and the factor library
// shipped in the module folders (shared/src/modules/<module>/factors/), whose files are uploads of this format.
import {
  coded,
  FACTOR_BOUNDARIES,
  FACTOR_BOUNDARY_COLUMN,
  FACTOR_EDITION_COLUMN,
  FACTOR_SOURCE_COLUMN,
  FACTOR_UNCERTAINTY_COLUMN,
  factorColumns,
  requiredFactorColumns,
  type FactorBoundary,
  type FactorSetDef,
} from '@carbon/shared';
import { rowIssue, type RowIssue } from './rowReport';
import { wrongHeader } from './headerWrong';
import type { PermanentJobError } from '../types';

export interface ParsedFactor {
  classification: Record<string, string>;
  values: Record<string, number>;
  /** null: the file has no value for it (blank cell, or no column): none published. */
  uncertainty_pct: number | null;
  /** The year of the source's edition; null when the file does not say. */
  edition: number | null;
  boundary: FactorBoundary | null;
  source: string;
}

/** The header's column names (trimmed, lower case), or the job error of a header that does not
 * fit the set (its message says what is missing, unknown or repeated). */
export function checkFactorHeader(set: FactorSetDef, header: readonly string[]): { names: string[] } | { problem: PermanentJobError } {
  const names = header.map((h) => h.trim().toLowerCase());
  const expected = factorColumns(set);
  const required = requiredFactorColumns(set);
  const missing = required.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => n !== '' && !expected.includes(n));
  const duplicated = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))];
  if (!missing.length && !unknown.length && !duplicated.length) return { names };
  const optional = expected.filter((c) => !required.includes(c));
  return { problem: wrongHeader(`${set.name} factor file`, { header: [...header], missing, unknown, duplicated, expected }, ` (${optional.join(', ')} may be left out)`) };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const YEAR = /^\d{4}$/;
/** A decimal comma in a lone number ("0,5") is read as a point: a factor file holds no thousands. */
const decimal = (raw: string) => raw.replace(/^([+-]?\d+),(\d+)$/, '$1.$2');

/** One row of a factor file (`line`: its line in the file, for the report). */
export function parseFactorRow(set: FactorSetDef, names: readonly string[], fields: readonly string[], line: number): { factor?: ParsedFactor; issues: RowIssue[] } {
  const cell = (column: string) => (fields[names.indexOf(column)] ?? '').trim();
  const issues: RowIssue[] = [];
  const classification: Record<string, string> = {};
  for (const key of set.keys) {
    const v = cell(key);
    const options = set.options[key];
    const form = set.patterns?.[key];
    if (!v) issues.push(rowIssue(line, key, 'is required', coded('required')));
    else if (v.length > 100) issues.push(rowIssue(line, key, 'must be at most 100 characters', coded('text_too_long', { maximum: 100 })));
    else if (options && !options.includes(v)) issues.push(rowIssue(line, key, `must be one of: ${options.join(', ')}`, coded('not_one_of', { options: options.join(', ') })));
    else if (form && !form.pattern.test(v)) issues.push(rowIssue(line, key, form.hint, coded('invalid_format')));
    else classification[key] = v;
  }
  const values: Record<string, number> = {};
  const optional = new Set(set.optionalValues);
  for (const key of [...set.values, ...optional]) {
    const raw = decimal(cell(key));
    const v = Number(raw);
    if (!raw && optional.has(key)) continue;
    if (!raw) issues.push(rowIssue(line, key, 'is required', coded('required')));
    else if (!NUMBER.test(raw) || !Number.isFinite(v) || v < 0) issues.push(rowIssue(line, key, 'must be a number of at least 0', coded('number_at_least_zero')));
    else values[key] = v;
  }
  // A percentage as the source states it: "70" for ±70 %, blank when it states none.
  const rawUncertainty = decimal(cell(FACTOR_UNCERTAINTY_COLUMN));
  const uncertainty = Number(rawUncertainty);
  if (rawUncertainty && (!NUMBER.test(rawUncertainty) || !Number.isFinite(uncertainty) || uncertainty < 0)) {
    issues.push(rowIssue(line, FACTOR_UNCERTAINTY_COLUMN, 'must be a percentage of at least 0, without the % sign (70 for ±70 %), or blank when the source states none', coded('uncertainty_percentage')));
  }
  const rawEdition = cell(FACTOR_EDITION_COLUMN);
  const edition = Number(rawEdition);
  if (rawEdition && (!YEAR.test(rawEdition) || edition < 1990 || edition > 2100)) {
    issues.push(rowIssue(line, FACTOR_EDITION_COLUMN, 'must be the year of the source’s edition (1990 to 2100), or blank', coded('edition_year')));
  }
  const boundary = cell(FACTOR_BOUNDARY_COLUMN);
  if (boundary && !(FACTOR_BOUNDARIES as readonly string[]).includes(boundary)) {
    issues.push(rowIssue(line, FACTOR_BOUNDARY_COLUMN, `must be one of: ${FACTOR_BOUNDARIES.join(', ')}, or blank`, coded('boundary_one_of', { options: FACTOR_BOUNDARIES.join(', ') })));
  }
  const source = cell(FACTOR_SOURCE_COLUMN);
  if (!source) issues.push(rowIssue(line, FACTOR_SOURCE_COLUMN, 'is required (where the value comes from)', coded('source_required')));
  else if (source.length > 500) issues.push(rowIssue(line, FACTOR_SOURCE_COLUMN, 'must be at most 500 characters', coded('text_too_long', { maximum: 500 })));
  if (issues.length) return { issues };
  return {
    factor: {
      classification,
      values,
      uncertainty_pct: rawUncertainty ? uncertainty : null,
      edition: rawEdition ? edition : null,
      boundary: boundary ? (boundary as FactorBoundary) : null,
      source,
    },
    issues,
  };
}

/** The identity of a factor within its set and year: its classification, whatever the key order
 * (as the database compares it). */
export const classificationKey = (c: Record<string, string>): string => JSON.stringify(Object.keys(c).sort().map((k) => [k, c[k]]));
