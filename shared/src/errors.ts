// The one list of error codes the API answers with. Every refusal carries a stable `code` and its
// `params` next to its English `detail`: the BFF raises them (bff/src/core/errors.ts), the web
// app words them in the user's language from `errors.codes.<code>` (web/src/i18n/). A code's
// params are the values its message needs; the message of each language uses exactly those.

type P<K extends string> = { [key in K]: string | number };
type None = Record<never, never>;

/** Code → the shape of its params. */
export interface ErrorCatalogue {
  // The kinds of refusal, when nothing more precise is said.
  unauthenticated: None;
  forbidden: None;
  not_found: None;
  conflict: None;
  invalid: None;
  too_many: None;
  bad_request: None;
  unavailable: None;
  internal: None;
  // Input checks (zod issues and their like), read after the field's name.
  required: None;
  required_with: P<'other'>;
  required_unless: P<'others'>;
  required_for_option: P<'field' | 'option'>;
  not_above_field: P<'other' | 'maximum'>;
  expected_text: None;
  expected_number: None;
  expected_integer: None;
  expected_boolean: None;
  expected_type: P<'expected'>;
  number_too_small: P<'minimum'>;
  number_not_above: P<'minimum'>;
  number_too_big: P<'maximum'>;
  text_too_short: P<'minimum'>;
  text_too_long: P<'maximum'>;
  invalid_format: None;
  unsafe_text: None;
  invalid_date: None;
  date_out_of_range: P<'min' | 'max'>;
  not_one_of: P<'options'>;
  unknown_fields: P<'fields'>;
  // Entries.
  unknown_airport: P<'code'>;
  unknown_place: P<'name'>;
  unknown_place_in_country: P<'name' | 'country'>;
  same_place: P<'other'>;
  date_outside_report_year: P<'year'>;
  year_after_report_year: P<'year'>;
  // Plans.
  target_laxer: P<'year' | 'own' | 'wanted'>;
  unit_not_allowed: P<'units' | 'field' | 'option'>;
  traveler_not_in_headcount: P<'personNumber' | 'year'>;
  traveler_required: None;
  person_number_taken: P<'personNumber'>;
  person_number_in_file: P<'personNumber' | 'line'>;
  already_answered: None;
  response_exists: P<'personNumber'>;
  entry_changed: None;
  sort_not_allowed: P<'options'>;
  not_carried_forward: P<'type'>;
  carry_forward_not_empty: P<'type' | 'rows'>;
  // Addressing.
  no_such_route: None;
  no_such_unit: None;
  no_such_report: None;
  no_report_for_year: P<'year'>;
  no_such_module: P<'module'>;
  no_such_entry_type: P<'module' | 'type'>;
  no_such_factor_set: P<'module' | 'set'>;
  no_such_entry: None;
  no_such_job: P<'id'>;
  not_entry_type_of_path: P<'type'>;
  no_choices: P<'field'>;
  // Permissions and sessions.
  cross_origin: None;
  authorization_header: None;
  not_your_entry: None;
  may_not_sync: None;
  may_not_sync_all: None;
  may_not_see_results: None;
  // Back office.
  job_finished: P<'id' | 'result'>;
  job_alive: P<'id' | 'instance' | 'heartbeat' | 'ran' | 'timeout'>;
  job_no_handler: P<'id' | 'type'>;
  job_waits_for: P<'id' | 'waitsFor'>;
  no_factor_to_carry: P<'year'>;
  no_such_user: None;
  role_already_granted: None;
  role_not_held: None;
  role_from_directory: None;
  merge_into_itself: None;
  merge_own_account: None;
  merge_grants_admin: None;
  merge_person_numbers_differ: P<'merged' | 'into'>;
  too_many_streams: P<'max'>;
  too_many_exports: P<'max'>;
  too_many_sign_ins: None;
  sign_in_invalid: None;
  sign_in_refused: None;
  invalid_file_name: None;
  invalid_json: None;
  body_too_large: P<'max'>;
  file_too_large: P<'max'>;
  not_csv_content_type: None;
  upload_interrupted: None;
  // Rows of a CSV file (the per-row report).
  unit_unknown_for_year: P<'unit' | 'year'>;
  extra_values: P<'count'>;
  decimal_mark_ambiguous: P<'value' | 'point' | 'comma'>;
  decimal_mark_mixed: P<'value' | 'mark' | 'line'>;
  decimal_mark_declared: P<'value' | 'mark'>;
  number_at_least_zero: None;
  uncertainty_percentage: None;
  source_required: None;
  edition_year: None;
  boundary_one_of: P<'options'>;
  duplicate_classification: P<'line'>;
  // The unit directory.
  unit_listed_twice: None;
  unit_own_parent: None;
  unit_parent_cycle: P<'parent'>;
  unit_parent_unknown: P<'parent'>;
  not_person_number: P<'value'>;
}

export type ErrorCode = keyof ErrorCatalogue;

/** A code with its params, typed together. */
export type Coded = { [C in ErrorCode]: { code: C; params: ErrorCatalogue[C] } }[ErrorCode];

/** The params each code carries, by name: what the messages of every language must use. */
export const ERROR_PARAMS: { readonly [C in ErrorCode]: readonly (keyof ErrorCatalogue[C])[] } = {
  unauthenticated: [],
  forbidden: [],
  not_found: [],
  conflict: [],
  invalid: [],
  too_many: [],
  bad_request: [],
  unavailable: [],
  internal: [],
  required: [],
  required_with: ['other'],
  required_unless: ['others'],
  required_for_option: ['field', 'option'],
  not_above_field: ['other', 'maximum'],
  expected_text: [],
  expected_number: [],
  expected_integer: [],
  expected_boolean: [],
  expected_type: ['expected'],
  number_too_small: ['minimum'],
  number_not_above: ['minimum'],
  number_too_big: ['maximum'],
  text_too_short: ['minimum'],
  text_too_long: ['maximum'],
  invalid_format: [],
  unsafe_text: [],
  invalid_date: [],
  date_out_of_range: ['min', 'max'],
  not_one_of: ['options'],
  unknown_fields: ['fields'],
  unknown_airport: ['code'],
  unknown_place: ['name'],
  unknown_place_in_country: ['name', 'country'],
  same_place: ['other'],
  date_outside_report_year: ['year'],
  year_after_report_year: ['year'],
  target_laxer: ['year', 'own', 'wanted'],
  unit_not_allowed: ['units', 'field', 'option'],
  traveler_not_in_headcount: ['personNumber', 'year'],
  traveler_required: [],
  person_number_taken: ['personNumber'],
  person_number_in_file: ['personNumber', 'line'],
  already_answered: [],
  response_exists: ['personNumber'],
  entry_changed: [],
  sort_not_allowed: ['options'],
  not_carried_forward: ['type'],
  carry_forward_not_empty: ['type', 'rows'],
  no_such_route: [],
  no_such_unit: [],
  no_such_report: [],
  no_report_for_year: ['year'],
  no_such_module: ['module'],
  no_such_entry_type: ['module', 'type'],
  no_such_factor_set: ['module', 'set'],
  no_such_entry: [],
  no_such_job: ['id'],
  not_entry_type_of_path: ['type'],
  no_choices: ['field'],
  cross_origin: [],
  authorization_header: [],
  not_your_entry: [],
  may_not_sync: [],
  may_not_sync_all: [],
  may_not_see_results: [],
  job_finished: ['id', 'result'],
  job_alive: ['id', 'instance', 'heartbeat', 'ran', 'timeout'],
  job_no_handler: ['id', 'type'],
  job_waits_for: ['id', 'waitsFor'],
  no_factor_to_carry: ['year'],
  no_such_user: [],
  role_already_granted: [],
  role_not_held: [],
  role_from_directory: [],
  merge_into_itself: [],
  merge_own_account: [],
  merge_grants_admin: [],
  merge_person_numbers_differ: ['merged', 'into'],
  too_many_streams: ['max'],
  too_many_exports: ['max'],
  too_many_sign_ins: [],
  sign_in_invalid: [],
  sign_in_refused: [],
  invalid_file_name: [],
  invalid_json: [],
  body_too_large: ['max'],
  file_too_large: ['max'],
  not_csv_content_type: [],
  upload_interrupted: [],
  unit_unknown_for_year: ['unit', 'year'],
  extra_values: ['count'],
  decimal_mark_ambiguous: ['value', 'point', 'comma'],
  decimal_mark_mixed: ['value', 'mark', 'line'],
  decimal_mark_declared: ['value', 'mark'],
  number_at_least_zero: [],
  uncertainty_percentage: [],
  source_required: [],
  edition_year: [],
  boundary_one_of: ['options'],
  duplicate_classification: ['line'],
  unit_listed_twice: [],
  unit_own_parent: [],
  unit_parent_cycle: ['parent'],
  unit_parent_unknown: ['parent'],
  not_person_number: ['value'],
};

export const ERROR_CODES = Object.keys(ERROR_PARAMS) as ErrorCode[];

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && Object.hasOwn(ERROR_PARAMS, v);

/** `code` with `params`, checked against the catalogue. */
export function coded<C extends ErrorCode>(code: C, ...params: keyof ErrorCatalogue[C] extends never ? [] : [ErrorCatalogue[C]]): { code: C; params: ErrorCatalogue[C] } {
  return { code, params: (params[0] ?? {}) as ErrorCatalogue[C] };
}

/** Loose form of params, as they travel in JSON. */
export type ErrorParamValues = Record<string, string | number>;

/**
 * The code and params of one zod issue (v4 shapes), for any schema: a custom check names its own
 * code in `params.code` (with its params beside it); the built-in checks map by kind. Parse with
 * `reportInput: true` so that a missing value (required) is told from a wrong one.
 */
export function issueCode(issue: {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  params?: Record<string, unknown>;
}): { code: ErrorCode; params: ErrorParamValues } {
  const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : String(v));
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { code: 'required', params: {} };
      if (issue.expected === 'string') return { code: 'expected_text', params: {} };
      if (issue.expected === 'number') return { code: 'expected_number', params: {} };
      if (issue.expected === 'int') return { code: 'expected_integer', params: {} };
      if (issue.expected === 'boolean') return { code: 'expected_boolean', params: {} };
      return { code: 'expected_type', params: { expected: issue.expected ?? '?' } };
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { code: 'required', params: {} } : { code: 'text_too_short', params: { minimum: num(issue.minimum) } };
      return { code: issue.inclusive === false ? 'number_not_above' : 'number_too_small', params: { minimum: num(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'text_too_long', params: { maximum: num(issue.maximum) } };
      return { code: 'number_too_big', params: { maximum: num(issue.maximum) } };
    case 'invalid_format':
      return { code: issue.format === 'date' ? 'invalid_date' : 'invalid_format', params: {} };
    case 'invalid_value':
      if (issue.input === undefined) return { code: 'required', params: {} };
      return { code: 'not_one_of', params: { options: (issue.values ?? []).map(String).join(', ') } };
    case 'unrecognized_keys':
      return { code: 'unknown_fields', params: { fields: (issue.keys ?? []).join(', ') } };
    case 'custom': {
      const { code, ...params } = issue.params ?? {};
      if (isErrorCode(code)) return { code, params: params as ErrorParamValues };
      return { code: 'invalid', params: {} };
    }
    default:
      return { code: 'invalid', params: {} };
  }
}
