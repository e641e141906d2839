// Zod schemas derived from the registry: the one validation of entry payloads, used by the BFF
// routes, the CSV ingest and the web forms. Messages are per field and read after the field name
// ("fte: must be at most 1").
import { z } from 'zod';
import { unitsFor, type EntryTypeDef, type FactorRow, type FieldDef } from './fields';
import type { ErrorCode, ErrorParamValues } from '../errors';

/** A complaint about one field, with its code and params (shared/src/errors.ts). */
export interface EntryIssue {
  field: string;
  message: string;
  code: ErrorCode;
  params: ErrorParamValues;
}

const MIN_DATE = '1990-01-01';
const MAX_DATE = '2100-12-31';

const describe = (kind: string) => (iss: { input?: unknown }) => (iss.input === undefined ? 'is required' : `must be ${kind}`);

function textSchema(f: FieldDef): z.ZodType {
  let s = z.string({ error: describe('text') }).trim();
  if (f.required && !f.apiOptional) s = s.min(1, { error: 'is required' });
  s = s.max(f.max ?? 500, { error: `must be at most ${f.max ?? 500} characters` });
  if (f.pattern) s = s.regex(f.pattern, { error: f.patternHint ?? 'has an invalid format' });
  return s;
}

function numberSchema(f: FieldDef, integer: boolean): z.ZodType {
  let s = integer ? z.number({ error: describe('a whole number') }).int({ error: 'must be a whole number' }) : z.number({ error: describe('a number') });
  if (f.min !== undefined) s = f.minExclusive ? s.gt(f.min, { error: `must be more than ${f.min}` }) : s.min(f.min, { error: `must be at least ${f.min}` });
  if (f.max !== undefined) s = s.max(f.max, { error: `must be at most ${f.max}` });
  return s;
}

function locationSchema(f: FieldDef): z.ZodType {
  if (f.location?.kind === 'airport') {
    return z
      .string({ error: describe('an airport code') })
      .trim()
      .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter IATA airport code' })
      .transform((v) => v.toUpperCase());
  }
  return z
    .string({ error: describe('a place name') })
    .trim()
    .min(1, { error: 'is required' })
    .max(f.max ?? 200, { error: `must be at most ${f.max ?? 200} characters` });
}

function oneOf(values: readonly string[]) {
  const options = values as [string, ...string[]];
  return z.enum(options, { error: (iss) => (iss.input === undefined ? 'is required' : `must be one of: ${options.join(', ')}`) });
}

/** The schema of one field's value, without presence rules. */
export function fieldSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'text':
      return textSchema(f);
    case 'number':
      return numberSchema(f, false);
    case 'integer':
      return numberSchema(f, true);
    case 'headcount-member-select':
      return numberSchema({ ...f, min: f.min ?? 1 }, true);
    case 'select':
      return oneOf(f.options ?? []);
    case 'unit': {
      // Units are written in any case in files and forms (kWh, KG): compared in lower case.
      const units = f.units?.allowed ?? [];
      const refusal = (iss: { input?: unknown }) => (iss.input === undefined ? 'is required' : `must be one of: ${units.join(', ')}`);
      return z.string({ error: refusal }).trim().toLowerCase().pipe(oneOf(units));
    }
    case 'boolean':
      return z.boolean({ error: describe('true or false') });
    case 'date':
      return z.iso
        .date({ error: describe('a date (YYYY-MM-DD)') })
        .refine((d) => d >= MIN_DATE && d <= MAX_DATE, {
          error: `must be between ${MIN_DATE} and ${MAX_DATE}`,
          params: { code: 'date_out_of_range', min: MIN_DATE, max: MAX_DATE },
        });
    case 'location':
      return locationSchema(f);
  }
}

/** The dates an entry of `entryType` may hold when stored in the report of `year`: that year's
 * first and last day, or null when the registry lets its dates fall in any year. */
export function reportYearDates(entryType: EntryTypeDef, year: number): { min: string; max: string } | null {
  if (entryType.datesOutsideYear) return null;
  return { min: `${String(year).padStart(4, '0')}-01-01`, max: `${String(year).padStart(4, '0')}-12-31` };
}

/** The fields of `data` (validated) that the report's `year` refuses, one issue each: a date
 * outside it (none when the entry type allows any year), a year after it (`notAfterReportYear`).
 * Path 1, the CSV ingest and the web form all ask this. */
export function reportYearIssues(entryType: EntryTypeDef, data: Readonly<Record<string, unknown>>, year: number): EntryIssue[] {
  const bounds = reportYearDates(entryType, year);
  const issues: EntryIssue[] = [];
  for (const f of entryType.fields) {
    const v = data[f.key];
    if (bounds && f.type === 'date' && typeof v === 'string' && (v < bounds.min || v > bounds.max)) {
      issues.push({ field: f.key, message: `must be a date in ${year}, the year of the report`, code: 'date_outside_report_year', params: { year } });
    }
    if (f.notAfterReportYear && typeof v === 'number' && v > year) {
      issues.push({ field: f.key, message: `must be ${year} or earlier, the year of the report`, code: 'year_after_report_year', params: { year } });
    }
  }
  return issues;
}

/** Must a create payload carry this field (no default to fill it)? */
export const requiredOnCreate = (f: FieldDef): boolean => !!f.required && !f.apiOptional && !f.readOnly && f.default === undefined;

const unknownKeys = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `unknown field${(iss.keys?.length ?? 0) > 1 ? 's' : ''}: ${iss.keys?.join(', ')}` : undefined;

// Building a zod schema is far costlier than using one: build each once per entry type.
const createCache = new WeakMap<EntryTypeDef, z.ZodType>();
const updateCache = new WeakMap<EntryTypeDef, z.ZodType>();

/** Create payload: required fields present, defaults applied, optional fields may be null. */
export function createSchema(entryType: EntryTypeDef): z.ZodType {
  let schema = createCache.get(entryType);
  if (!schema) createCache.set(entryType, (schema = buildCreateSchema(entryType)));
  return schema;
}

/** Update payload: any subset of fields; only fields that may be empty accept null. */
export function updateSchema(entryType: EntryTypeDef): z.ZodType {
  let schema = updateCache.get(entryType);
  if (!schema) updateCache.set(entryType, (schema = buildUpdateSchema(entryType)));
  return schema;
}

/** Rules between the fields of a whole entry (create payload, or stored entry with a change
 * merged in): a unit that its select field's option does not allow, a field left empty although
 * the field it goes with is given (`requiredWith`), or although the fields that may stand in for
 * it are not all given or cannot for the entry's option (`requiredUnless`). */
export function entryRuleIssues(entryType: EntryTypeDef, data: Readonly<Record<string, unknown>>): EntryIssue[] {
  const issues: EntryIssue[] = [];
  for (const f of entryType.fields) {
    const by = f.units?.byOption;
    const unit = data[f.key];
    if (!by || typeof unit !== 'string') continue;
    const allowed = unitsFor(f, data);
    if (!allowed.includes(unit)) {
      const params = { units: allowed.join(', '), field: by.field, option: String(data[by.field]) };
      issues.push({ field: f.key, message: `must be one of: ${params.units} (for ${params.field} ${params.option})`, code: 'unit_not_allowed', params });
    }
  }
  const given = (key: string) => data[key] !== undefined && data[key] !== null && data[key] !== '';
  for (const f of entryType.fields) {
    const by = f.requiredWith?.find(given);
    if (by && !given(f.key)) issues.push({ field: f.key, message: `is required when ${by} is given`, code: 'required_with', params: { other: by } });
    const cap = f.notAbove ? data[f.notAbove] : undefined;
    const v = data[f.key];
    if (f.notAbove && typeof v === 'number' && typeof cap === 'number' && v > cap) {
      issues.push({ field: f.key, message: `must not be more than ${f.notAbove} (${cap})`, code: 'not_above_field', params: { other: f.notAbove, maximum: cap } });
    }
  }
  for (const f of entryType.fields) {
    const unless = f.requiredUnless;
    if (!unless || given(f.key)) continue;
    const option = unless.when ? data[unless.when.field] : undefined;
    if (unless.when && typeof option === 'string' && !unless.when.values.includes(option)) {
      issues.push({ field: f.key, message: `is required for ${unless.when.field} ${option}`, code: 'required_for_option', params: { field: unless.when.field, option } });
    } else if (!unless.given.every(given)) {
      issues.push({ field: f.key, message: `is required unless ${unless.given.join(' and ')} are given`, code: 'required_unless', params: { others: unless.given.join(', ') } });
    }
  }
  return issues;
}

function buildCreateSchema(entryType: EntryTypeDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of entryType.fields) {
    const base = fieldSchema(f);
    if (requiredOnCreate(f)) shape[f.key] = base;
    else if (f.default !== undefined) shape[f.key] = base.default(f.default as never);
    else shape[f.key] = base.nullable().optional();
  }
  const schema = z.strictObject(shape, { error: unknownKeys });
  if (!entryType.fields.some((f) => f.units?.byOption || f.requiredWith || f.requiredUnless || f.notAbove)) return schema;
  return schema.superRefine((data, ctx) => {
    for (const issue of entryRuleIssues(entryType, data)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, params: { code: issue.code, ...issue.params } });
  });
}

function buildUpdateSchema(entryType: EntryTypeDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of entryType.fields) {
    const base = fieldSchema(f);
    shape[f.key] = (f.required && !f.apiOptional ? base : base.nullable()).optional();
  }
  return z.strictObject(shape, { error: unknownKeys });
}

/** A `factorChoices` field's choices from the year's factor rows of its set, as
 * `GET …/choices/{field}` answers them: each row's `key` and `match` values (of the rows with
 * the `where` values), once each, sorted. */
export function factorChoiceItems(f: FieldDef, rows: readonly Pick<FactorRow, 'classification'>[]): Record<string, string>[] {
  const c = f.factorChoices;
  if (!c) return [];
  const keys = [c.key, ...(c.match ?? [])];
  const items = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (Object.entries(c.where ?? {}).some(([k, v]) => r.classification[k] !== v)) continue;
    const item = Object.fromEntries(keys.map((k) => [k, r.classification[k] ?? '']));
    if (item[c.key]) items.set(JSON.stringify(item), item);
  }
  return [...items.values()].sort((a, b) => a[c.key]!.localeCompare(b[c.key]!));
}

/** The values those choices offer for an entry's data: the items whose `match` keys equal it. */
export function factorChoiceValues(f: FieldDef, items: readonly Record<string, string>[], data: Readonly<Record<string, unknown>>): string[] {
  const c = f.factorChoices;
  if (!c) return [];
  return [...new Set(items.filter((i) => (c.match ?? []).every((m) => i[m] === data[m])).map((i) => i[c.key]!))];
}

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** Whether a `factorChoices` field takes, for an entry's data, a country code it does not offer
 * (`anyCountryWhen`): a grid country, not a supplier's contract. */
export function factorChoiceTakesAnyCountry(f: FieldDef, data: Readonly<Record<string, unknown>>): boolean {
  const when = f.factorChoices?.anyCountryWhen;
  return !!when && Object.entries(when).every(([k, v]) => data[k] === v);
}

/** A value typed into a `factorChoices` field instead of picked: the country code, upper-cased,
 * when the field takes any country for the entry's data; null otherwise. */
export function typedFactorChoice(f: FieldDef, data: Readonly<Record<string, unknown>>, typed: string): string | null {
  const code = typed.trim();
  return factorChoiceTakesAnyCountry(f, data) && COUNTRY_CODE.test(code) ? code.toUpperCase() : null;
}
