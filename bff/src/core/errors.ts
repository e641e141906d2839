// The refusals every layer of the BFF raises: domain services, policies, authentication and jobs
// alike. Each kind says what went wrong in the caller's terms, never how it is answered: the HTTP
// layer maps kinds to status codes (http/errors.ts), the CSV ingest turns invalid input into row
// issues. Anything that is not one of these is a fault, not a refusal.

/** One complaint about one input field (`field` absent: about the input as a whole). */
export interface FieldIssue {
  field?: string;
  message: string;
}

export type ErrorKind = 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'invalid' | 'too_many';

/**
 * A refusal with a sentence for humans (`detail`). A stable machine `code` and its `params`
 * (so that clients can word the refusal themselves) belong next to `detail` on this class: one
 * field here, filled where each refusal is raised, and copied out by the HTTP mapping.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;

  constructor(readonly detail: string) {
    super(detail);
    this.name = new.target.name;
  }
}

/** Nobody is signed in (or the credentials offered are not accepted). */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(detail = 'You are not signed in.') {
    super(detail);
  }
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
  constructor(detail = 'You do not have permission to do this.') {
    super(detail);
  }
}

/** What the caller addresses does not exist (or is not theirs to know about). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(detail = 'Not found.') {
    super(detail);
  }
}

/** The state of things does not allow it now (a concurrent change, a job already running…). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The input breaks a rule; `issues` says which fields and why. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
  constructor(
    detail: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(detail);
  }
}

/** The caller already holds as many of something as one caller may (event streams, …). */
export class TooManyError extends DomainError {
  readonly kind = 'too_many';
}
