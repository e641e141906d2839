// A benchmark stopped with Ctrl-C or SIGTERM must not leave its database cluster running. On those
// signals Node's default ends the process without its 'exit' event, where an embedded cluster asks
// its postmaster to stop (bff/src/db/embeddedPostgres.ts); ending through process.exit runs it.
// The benchmark's BFF processes stop by themselves once the benchmark is gone (path1Server.ts).
let installed = false;

/** Idempotent: called by each helper that starts something the benchmark must not outlive. */
export function exitOnSignals(): void {
  if (installed) return;
  installed = true;
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
}
