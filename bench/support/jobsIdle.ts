// What the pipeline benchmarks share: a hard limit on a benchmark's run, and waiting until every
// job of the database has finished.
import type pg from 'pg';

/** Stops the process after `seconds`, whatever it is doing (a benchmark must not hang CI). */
export function hardLimit(seconds: number): void {
  setTimeout(() => {
    console.error(`benchmark exceeded its ${seconds} s limit; stopping`);
    process.exit(3);
  }, seconds * 1000).unref();
}

/** Resolves once no job of the database is left unfinished. */
export async function waitJobsIdle(pool: pg.Pool, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE state <> 'FINISHED'`);
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 20));
  }
}
