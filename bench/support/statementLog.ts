// BENCH_PG_LOG=file: PostgreSQL's log goes to that file, with every statement's duration, or with
// BENCH_EXPLAIN=ms instead the plan, timings and buffers (auto_explain) of each statement slower
// than that, nested ones (foreign-key checks, triggers) included. BENCH_EXPLAIN_SAMPLE=0.01:
// explain only that share of statements (a busy benchmark would otherwise log gigabytes).
import fs from 'node:fs';
import type pg from 'pg';

/** The embedded cluster's log callback: to the file, or nowhere. */
export function statementLogSink(): ((message: string) => void) | undefined {
  const file = process.env.BENCH_PG_LOG;
  return file ? (m) => fs.appendFileSync(file, `${m}\n`) : undefined;
}

/** Turns the logging on for the whole cluster, through an admin connection. */
export async function enableStatementLog(admin: pg.Client): Promise<void> {
  if (!process.env.BENCH_PG_LOG) return;
  const explainMs = process.env.BENCH_EXPLAIN;
  const settings: [string, string][] = explainMs
    ? [
        ['session_preload_libraries', 'auto_explain'],
        ['auto_explain.log_min_duration', `${Number(explainMs)}ms`],
        ['auto_explain.sample_rate', String(Number(process.env.BENCH_EXPLAIN_SAMPLE ?? 1))],
        ['auto_explain.log_analyze', 'on'],
        ['auto_explain.log_buffers', 'on'],
        ['auto_explain.log_nested_statements', 'on'],
      ]
    : [['log_min_duration_statement', '0']];
  for (const [name, value] of settings) await admin.query(`ALTER SYSTEM SET ${name} = '${value}'`);
  await admin.query('SELECT pg_reload_conf()');
}
