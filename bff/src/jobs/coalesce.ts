// Chaining a shared job (one with a dedup_key) so that concurrent pipelines share one. The
// de-duplication primitive (insertJob.sql: at most one waiting job per key) is combined with a
// short hold: while other jobs upstream of it (its handler's `holdMs`, the upstream types from
// the handlers' declared `next`) still wait or run in its scope, it is chained with that delay,
// so they join it instead of each running their own after it; the last upstream job makes it due
// at once. Deciding is serialised per key by an advisory lock held until the deciding job
// commits, so the last one always sees itself last.
import type { StatementRunner } from '../db/statement';
import { chainJob } from './chainJob';
import * as jobSql from './sql';
import type { ChildJob, InsertedJob, JobRow } from './types';

export async function chainCoalesced(
  db: StatementRunner,
  parent: JobRow,
  child: ChildJob & { dedup_key: string },
  hold: { holdMs: number; upstream: readonly string[] },
  opts: { linear?: boolean } = {},
): Promise<InsertedJob> {
  await jobSql.lockDedupKey(db, { key: child.dedup_key });
  const scope = { moduleType: child.module_type ?? '', year: child.year ?? 0, unitId: child.unit_id ?? null };
  const { rows } = await jobSql.upstreamJobs(db, { ...scope, types: hold.upstream, jobId: parent.id });
  if (rows[0]!.n > 0) return chainJob(db, parent, { ...child, delay_ms: hold.holdMs }, opts);
  await jobSql.advanceShared(db, { key: child.dedup_key });
  return chainJob(db, parent, child, opts);
}
