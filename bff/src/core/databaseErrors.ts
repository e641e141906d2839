// Whether an error means the database could not be reached or the session to it was lost (a
// restart, a terminated backend, a network cut), as opposed to a statement that failed. Such a
// failure says nothing about the request or the job: requests answer 503 (try again), a job
// attempt records its failure on a fresh session and is retried.

/** SQLSTATEs of a lost or refused session: class 08 (connection exception), the server shutting
 * down or crashing (57P01, 57P02), starting up (57P03), or full (53300). */
const SESSION_STATES = /^(08|57P0[123]$|53300$)/;

/** Errors of the operating system when connecting or on an open socket. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Messages of the pg driver that carry no code. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** The database could not be reached, for code that reads an error's `code` in its own way
 * (express-session takes any ENOENT for "no such session", a missing Unix socket included). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot be reached.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const { code, syscall } = err as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (SESSION_STATES.test(code) || SOCKET_CODES.has(code)) return true;
    // A Unix socket that is not there (yet): the server is down.
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return DRIVER_MESSAGES.includes(err.message);
}
