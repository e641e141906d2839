// Why a job failed, as a code and params: a file nothing could be read from, a job that could not
// run. The job keeps it in its report (`report.error`) beside its English status message; the back
// office words it in the user's language (`backoffice.failures.<code>`, web/src/i18n/). Apart from
// the API's refusal codes (errors.ts): only the back office reads these.

type P<K extends string> = { [key in K]: string | number };
type None = Record<never, never>;

export interface JobFailureCatalogue {
  file_empty: None;
  file_binary: P<'byte' | 'line'>;
  file_not_utf8: P<'byte' | 'line'>;
  file_not_utf8_end: None;
  file_not_csv: P<'line'>;
  header_wrong: P<'missing' | 'unknown' | 'duplicated' | 'expected'>;
  nothing_imported_no_rows: None;
  nothing_imported_invalid: P<'rows'>;
  directory_no_unit: None;
  no_factor_to_carry: P<'year'>;
  job_timed_out: P<'seconds'>;
}

export type JobFailureCode = keyof JobFailureCatalogue;

/** A failure with its params, typed together. */
export type JobFailure = { [C in JobFailureCode]: { code: C; params: JobFailureCatalogue[C] } }[JobFailureCode];

/** The params each code carries: what the messages of every language must use. */
export const JOB_FAILURE_PARAMS: { readonly [C in JobFailureCode]: readonly (keyof JobFailureCatalogue[C])[] } = {
  file_empty: [],
  file_binary: ['byte', 'line'],
  file_not_utf8: ['byte', 'line'],
  file_not_utf8_end: [],
  file_not_csv: ['line'],
  header_wrong: ['missing', 'unknown', 'duplicated', 'expected'],
  nothing_imported_no_rows: [],
  nothing_imported_invalid: ['rows'],
  directory_no_unit: [],
  no_factor_to_carry: ['year'],
  job_timed_out: ['seconds'],
};

export const isJobFailureCode = (v: unknown): v is JobFailureCode => typeof v === 'string' && Object.hasOwn(JOB_FAILURE_PARAMS, v);

/** `code` with `params`, checked against the catalogue. */
export function jobFailure<C extends JobFailureCode>(code: C, ...params: keyof JobFailureCatalogue[C] extends never ? [] : [JobFailureCatalogue[C]]): { code: C; params: JobFailureCatalogue[C] } {
  return { code, params: (params[0] ?? {}) as JobFailureCatalogue[C] };
}
