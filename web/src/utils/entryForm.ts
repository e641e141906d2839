// What the entry form holds, what it sends, and its validation. Validation runs the shared zod
// schemas (the ones the BFF runs) and turns their issues into messages in the user's language;
// the form additionally requires fields the API lets absent (`traveler_id`).
import { createSchema, entryRuleIssues, reportYearIssues, unitsFor, updateSchema, type DataEntryView, type EntryData, type EntryTypeDef, type FieldDef } from '@carbon/shared';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface Messages {
  t: Translate;
  /** A field's format hint in the user's language, '' when it has none. */
  hint: (field: FieldDef) => string;
  optionLabel: (field: FieldDef, value: string) => string;
}

/** The inputs of the form: every field the user fills (read-only ones are the server's). */
export const formFields = (type: EntryTypeDef): FieldDef[] => type.fields.filter((f) => !f.readOnly);

/** Fields a location input fills beside its own value: the place's country. */
const companionKeys = (type: EntryTypeDef): string[] => type.fields.flatMap((f) => (f.location?.countryField ? [f.location.countryField] : []));

const sentKeys = (type: EntryTypeDef): string[] => [...formFields(type).map((f) => f.key), ...companionKeys(type)];

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function normalise(v: unknown): unknown {
  return typeof v === 'string' ? v.trim() : v;
}

export function initialValues(type: EntryTypeDef, entry?: DataEntryView | null): FormValues {
  const values: FormValues = {};
  for (const key of sentKeys(type)) {
    const f = type.fields.find((x) => x.key === key);
    if (entry) values[key] = entry[key] ?? null;
    else values[key] = f?.default ?? (f?.type === 'boolean' ? false : null);
  }
  return values;
}

/** Create payload: every filled input; empty ones are left out so the server's defaults apply. */
export function createPayload(type: EntryTypeDef, values: FormValues): EntryData {
  const out: EntryData = {};
  for (const key of sentKeys(type)) {
    const v = normalise(values[key]);
    if (!isEmpty(v)) out[key] = v;
  }
  return out;
}

/** Update payload: only what changed (null clears an optional field). A changed place always
 * travels with its country, else the server would look the new name up in any country. */
export function updatePatch(type: EntryTypeDef, values: FormValues, original: DataEntryView): EntryData {
  const out: EntryData = {};
  for (const f of formFields(type)) {
    const v = normalise(values[f.key]);
    const before = original[f.key] ?? null;
    const now = isEmpty(v) ? null : v;
    if (now !== before) out[f.key] = now;
  }
  for (const f of type.fields) {
    const cf = f.location?.countryField;
    if (cf && f.key in out) out[cf] = isEmpty(values[cf]) ? null : values[cf];
  }
  return out;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  expected?: string;
  format?: string;
  values?: unknown[];
}

function issueMessage(field: FieldDef | undefined, issue: Issue, value: unknown, m: Messages, payload: EntryData = {}): string {
  if (isEmpty(value)) return m.t('validation.required');
  const { t } = m;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.minLength', { min: Number(issue.minimum) });
      return t(issue.inclusive === false ? 'validation.moreThan' : 'validation.min', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string' ? t('validation.maxLength', { max: Number(issue.maximum) }) : t('validation.max', { max: Number(issue.maximum) });
    case 'invalid_type':
      if (issue.expected === 'int') return t('validation.integer');
      if (issue.expected === 'number') return t('validation.number');
      if (issue.expected === 'boolean') return t('validation.boolean');
      return t('validation.text');
    case 'invalid_format':
      if (issue.format === 'date') return t('validation.date');
      if (field?.type === 'location' && field.location?.kind === 'airport') return t('validation.airportCode');
      return (field && m.hint(field)) || t('validation.format');
    case 'invalid_value':
      return t('validation.option', { options: (issue.values ?? []).map((v) => (field ? m.optionLabel(field, String(v)) : String(v))).join(', ') });
    case 'custom': {
      // A unit its entry's option does not take: the units it does, in the user's language.
      if (field?.type === 'unit') return t('validation.option', { options: unitsFor(field, payload).map((u) => m.optionLabel(field, u)).join(', ') });
      // The date range is the server's; its message carries the bounds.
      const range = /(\d{4}-\d{2}-\d{2}).*?(\d{4}-\d{2}-\d{2})/.exec(issue.message);
      if (field?.type === 'date' && range) return t('validation.dateRange', { min: range[1], max: range[2] });
      return issue.message;
    }
    default:
      return issue.message;
  }
}

/** The schema's complaints, then the report year's (a date outside `year`, a year after it, as the
 * server says). */
function schemaErrors(type: EntryTypeDef, payload: EntryData, mode: 'create' | 'update', year: number, m: Messages, errors: FieldErrors): void {
  const result = (mode === 'create' ? createSchema(type) : updateSchema(type)).safeParse(payload);
  for (const issue of (result.error?.issues ?? []) as Issue[]) {
    const key = String(issue.path[0] ?? '');
    if (!key || errors[key]) continue;
    errors[key] = issueMessage(type.fields.find((f) => f.key === key), issue, payload[key], m, payload);
  }
  for (const issue of reportYearIssues(type, payload, year)) {
    errors[issue.field] ||= m.t(issue.code === 'year_after_report_year' ? 'validation.yearNotAfter' : 'validation.dateInYear', { year });
  }
}

/** Errors of the whole form for the report of `year`, by field key; empty when it may be sent. */
export function validateForm(type: EntryTypeDef, values: FormValues, payload: EntryData, mode: 'create' | 'update', year: number, m: Messages): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of formFields(type)) if (f.required && isEmpty(values[f.key])) errors[f.key] = m.t('validation.required');
  schemaErrors(type, payload, mode, year, m, errors);
  // Rules between fields, on the whole form: an edit's patch alone cannot show them (clearing
  // the hours of a device that keeps its power).
  const whole = createPayload(type, values);
  for (const issue of entryRuleIssues(type, whole)) {
    errors[issue.field] ||= issueMessage(type.fields.find((f) => f.key === issue.field), { code: 'custom', path: [issue.field], message: issue.message }, whole[issue.field], m, whole);
  }
  return errors;
}

/** The error of one field changed on its own (inline edit), or '' when it may be sent. */
export function validateField(type: EntryTypeDef, field: FieldDef, value: unknown, year: number, m: Messages): string {
  if (field.required && isEmpty(value)) return m.t('validation.required');
  const errors: FieldErrors = {};
  schemaErrors(type, { [field.key]: isEmpty(value) ? null : normalise(value) }, 'update', year, m, errors);
  return errors[field.key] ?? '';
}

/** Field errors of a 422 answer, for the fields the form shows; the rest go to the form banner. */
export function serverFieldErrors(type: EntryTypeDef, errors: { field?: string; message: string }[] | undefined): { byField: FieldErrors; other: string[] } {
  const shown = new Set(formFields(type).map((f) => f.key));
  const byField: FieldErrors = {};
  const other: string[] = [];
  for (const e of errors ?? []) {
    const key = e.field?.split('.')[0];
    if (key && shown.has(key)) byField[key] ??= e.message;
    else other.push(e.message);
  }
  return { byField, other };
}

/** Total distance of an entry's emissions in km, null when none is measured in km. */
export function entryDistanceKm(entry: DataEntryView): number | null {
  const km = entry.emissions.flatMap((e) => (e.quantity_unit === 'km' && e.quantity !== null ? [e.quantity] : []));
  return km.length ? km.reduce((s, q) => s + q, 0) : null;
}
