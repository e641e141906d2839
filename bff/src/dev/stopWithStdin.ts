// For a helper process started by another with a pipe on its stdin (the development IdP, the
// benchmarks' BFF): it stops on SIGTERM or SIGINT, and when its starter goes away, however it
// ended, since the pipe then closes. So it never outlives the process that started it.

/** Calls `stop` on SIGTERM, SIGINT, or the end of stdin. */
export function stopOnSignalsOrStdinEnd(stop: () => void): void {
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
