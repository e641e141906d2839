// The unit directory: where it comes from (a file or an http(s) URL) and what it says (JSON or
// CSV). Entries that make no sense are skipped and reported; a source that cannot be read or
// parsed at all fails the job (without retry when retrying cannot help).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { coded, issueCode, type ErrorCode, type ErrorParamValues } from '@carbon/shared';
import { PermanentJobError } from '../../types';

export const DEFAULT_UNIT_DIRECTORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../data/unit-directory.json');

const MAX_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export interface DirectoryUnit {
  institutional_id: string;
  name: string;
  parent: string | null;
  reporting: boolean;
  active: boolean;
  principals: number[];
}

/** One entry of the directory that is skipped or partly ignored: `message` in English, `code`
 * and `params` for the web app (shared/src/errors.ts), `field` when it is about one field. */
export interface DirectoryIssue {
  row: number;
  institutional_id?: string;
  field?: string;
  message: string;
  code: ErrorCode;
  params: ErrorParamValues;
}

export interface UnitDirectory {
  units: DirectoryUnit[];
  issues: DirectoryIssue[];
}

const personNumber = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v.trim());
  if (Number.isSafeInteger(n) && n > 0) return n;
  ctx.addIssue({ code: 'custom', message: `"${v}" is not a person number`, params: { code: 'not_person_number', value: String(v) } });
  return z.NEVER;
});
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => ['true', '1', 'yes'].includes(v))]);

const entry = z.object({
  institutional_id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  parent: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  reporting: flag.optional().transform((v) => v ?? true),
  active: flag.optional().transform((v) => v ?? true),
  // A list (JSON) or one cell separated by ';' or spaces (CSV).
  principals: z
    .preprocess((v) => (typeof v === 'string' ? v.split(/[;\s]+/).filter(Boolean) : (v ?? [])), z.array(personNumber))
    .transform((v) => [...new Set(v)]),
});

/** Reads the raw directory and tells its format. */
export async function readUnitDirectory(source: string, signal: AbortSignal): Promise<{ text: string; format: 'json' | 'csv' }> {
  if (/^https?:\/\//i.test(source)) {
    let res: Response;
    try {
      res = await fetch(source, { signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]), headers: { accept: 'application/json, text/csv' } });
    } catch (err) {
      throw new Error(`The unit directory at ${source} could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    // A 4xx will not fix itself on retry; a 5xx may.
    if (!res.ok) {
      const msg = `The unit directory at ${source} answered HTTP ${res.status}.`;
      throw res.status < 500 ? new PermanentJobError(msg) : new Error(msg);
    }
    const text = await res.text();
    if (text.length > MAX_BYTES) throw new PermanentJobError('The unit directory is larger than 10 MB.');
    const type = res.headers.get('content-type') ?? '';
    return { text, format: type.includes('csv') || (!type.includes('json') && /\.csv(\?|$)/i.test(source)) ? 'csv' : 'json' };
  }
  const file = path.resolve(source);
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (stat.size > MAX_BYTES) throw new PermanentJobError('The unit directory is larger than 10 MB.');
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof PermanentJobError) throw err;
    throw new PermanentJobError(`The unit directory file ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}.`);
  }
  return { text, format: file.toLowerCase().endsWith('.csv') ? 'csv' : 'json' };
}

function rawEntries(text: string, format: 'json' | 'csv'): unknown[] {
  if (format === 'csv') {
    let records: Record<string, string>[];
    try {
      records = parseCsv(text, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, bom: true });
    } catch (err) {
      throw new PermanentJobError(`The unit directory is not valid CSV: ${err instanceof Error ? err.message : String(err)}`);
    }
    const first = records[0];
    if (first && (!('institutional_id' in first) || !('name' in first))) {
      throw new PermanentJobError('The unit directory CSV needs the columns institutional_id and name.');
    }
    return records;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new PermanentJobError('The unit directory is not valid JSON.');
  }
  const units = Array.isArray(doc) ? doc : (doc as { units?: unknown })?.units;
  if (!Array.isArray(units)) throw new PermanentJobError('The unit directory must be a list of units or an object with a "units" list.');
  return units;
}

/** Valid, de-duplicated entries whose parent relations have no cycle, and the issues found. */
export function parseUnitDirectory(text: string, format: 'json' | 'csv'): UnitDirectory {
  const issues: DirectoryIssue[] = [];
  const byId = new Map<string, DirectoryUnit>();
  const rows = new Map<string, number>();
  rawEntries(text, format).forEach((raw, i) => {
    // CSV rows count from 2 (after the header), JSON entries from 1.
    const row = format === 'csv' ? i + 2 : i + 1;
    const parsed = entry.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const id = (raw as { institutional_id?: unknown })?.institutional_id;
      const field = issue?.path.join('.') || 'entry';
      const { code, params } = issue ? issueCode(issue as Parameters<typeof issueCode>[0]) : coded('invalid');
      issues.push({ row, institutional_id: typeof id === 'string' ? id : undefined, field, message: `${field}: ${issue?.message ?? 'invalid'}`, code, params });
      return;
    }
    const unit = parsed.data;
    if (byId.has(unit.institutional_id)) {
      issues.push({ row, institutional_id: unit.institutional_id, message: 'listed twice; the first entry is used', ...coded('unit_listed_twice') });
      return;
    }
    if (unit.parent === unit.institutional_id) {
      issues.push({ row, institutional_id: unit.institutional_id, message: 'is its own parent; parent ignored', ...coded('unit_own_parent') });
      unit.parent = null;
    }
    byId.set(unit.institutional_id, unit);
    rows.set(unit.institutional_id, row);
  });
  // Parent cycles inside the file: cut at the first member of each loop.
  for (const unit of byId.values()) {
    const seen = new Set<string>();
    for (let p = unit.parent; p; p = byId.get(p)?.parent ?? null) {
      if (p === unit.institutional_id) {
        issues.push({ row: rows.get(unit.institutional_id) ?? 0, institutional_id: unit.institutional_id, message: `parent ${unit.parent} makes a cycle; parent ignored`, ...coded('unit_parent_cycle', { parent: String(unit.parent) }) });
        unit.parent = null;
        break;
      }
      if (seen.has(p)) break; // a loop further up, cut when its own member comes
      seen.add(p);
    }
  }
  return { units: [...byId.values()], issues };
}
