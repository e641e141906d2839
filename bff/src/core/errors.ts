// The refusals every layer of the BFF raises: domain services, policies, authentication and jobs
// alike. Each kind says what went wrong in the caller's terms, never how it is answered: the HTTP
// layer maps kinds to status codes (http/errors.ts), the CSV ingest turns invalid input into row
// issues. Anything that is not one of these is a fault, not a refusal.
//
// Each refusal has an English sentence (`detail`, for API clients and logs) and a stable `code`
// with its `params` from the catalogue in shared/src/errors.ts, from which clients word it in
// their own language. Without a code given, a refusal carries its kind's.
import type { Coded, ErrorCode, ErrorParamValues } from '@carbon/shared';

/** One complaint about one input field (`field` absent: about the input as a whole). */
export interface FieldIssue {
  field?: string;
  message: string;
  code: ErrorCode;
  params: ErrorParamValues;
}

export type ErrorKind = 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'invalid' | 'too_many';

const KIND_CODE: Record<ErrorKind, ErrorCode> = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  invalid: 'invalid',
  too_many: 'too_many',
};

/** A refusal with a sentence for humans (`detail`) and its machine `code` and `params`. */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly #coded: Coded | undefined;

  constructor(
    readonly detail: string,
    coded?: Coded,
  ) {
    super(detail);
    this.name = new.target.name;
    this.#coded = coded;
  }

  get code(): ErrorCode {
    return this.#coded?.code ?? KIND_CODE[this.kind];
  }

  get params(): ErrorParamValues {
    return this.#coded?.params ?? {};
  }
}

/** Nobody is signed in (or the credentials offered are not accepted). */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(detail = 'You are not signed in.', coded?: Coded) {
    super(detail, coded);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
  constructor(detail = 'You do not have permission to do this.', coded?: Coded) {
    super(detail, coded);
  }
}

/** What the caller addresses does not exist (or is not theirs to know about). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(detail = 'Not found.', coded?: Coded) {
    super(detail, coded);
  }
}

/** The state of things does not allow it now (a concurrent change, a job already running…). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The input breaks a rule; `issues` says which fields and why. Its code is the first issue's
 * when not given. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
  constructor(
    detail: string,
    readonly issues: FieldIssue[] = [],
    coded?: Coded,
  ) {
    super(detail, coded ?? (issues[0] ? ({ code: issues[0].code, params: issues[0].params } as Coded) : undefined));
  }
}

/** The caller already holds as many of something as one caller may (event streams, …). */
export class TooManyError extends DomainError {
  readonly kind = 'too_many';
  constructor(
    detail: string,
    coded?: Coded,
    /** When a retry may succeed, in seconds (HTTP's Retry-After), if known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail, coded);
  }
}

/** A field issue with its code and params checked against the catalogue. */
export function fieldIssue(field: string | undefined, message: string, c: Coded): FieldIssue {
  return { ...(field === undefined ? {} : { field }), message, code: c.code, params: c.params };
}
