// claim_job: the pre-step and the claim in one statement on the caller's session, for one job or
// several (a runner's idle slots claim together: runner.ts). Exactly one of any number of
// concurrent claimers of a job wins; a job with an earlier job of its combination still
// unfinished is left NOT_STARTED (jobs of a combination run in the order they were accepted:
// sql/claimJobs.sql).
import type { StatementRunner } from '../db/statement';
import * as jobSql from './sql';
import type { LoadedJob } from './sql';
import type { JobRow } from './types';

export type ClaimResult =
  | { status: 'claimed'; job: JobRow }
  /** Claimable but for what stood in its way at the claim: an earlier unfinished job of its
   * combination (waits_for, still there or finished since) or a RUNNING current one. Run it
   * again when its combination frees. */
  | { status: 'blocked'; job: LoadedJob }
  /** Not claimable (not waiting, not due, a type the claimer cannot run), claimed by another,
   * or gone (no job). */
  | { status: 'taken'; job: LoadedJob | undefined };

const CURRENT_INDEX = 'ix_data_ingestion_jobs_is_current_unique';

function violatesCurrentIndex(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === CURRENT_INDEX;
}

/** Claims job `id` for `instanceId` if its type is one of `types` (those it can run). A claim
 * that does not happen reads the job once more, to say why. */
export async function claimJob(db: StatementRunner, id: number, instanceId: string, types: readonly string[]): Promise<ClaimResult> {
  return (await claimJobs(db, [id], instanceId, types))[0]!;
}

/** claimJob for several jobs in one statement; one result per id, in the order of `ids`. */
export async function claimJobs(db: StatementRunner, ids: readonly number[], instanceId: string, types: readonly string[]): Promise<ClaimResult[]> {
  let claimed: JobRow[] = [];
  try {
    claimed = (await jobSql.claimJobs(db, { ids, instanceId, types })).rows;
  } catch (err) {
    // A RUNNING job of a combination is current: that job waits. Alone, it is blocked; in a
    // batch, which one it is shows when they are claimed one by one.
    if (!violatesCurrentIndex(err)) throw err;
    if (ids.length > 1) {
      const out: ClaimResult[] = [];
      for (const id of ids) out.push(await claimJob(db, id, instanceId, types));
      return out;
    }
  }
  const byId = new Map(claimed.map((job) => [job.id, job]));
  const out: ClaimResult[] = [];
  for (const id of ids) {
    const job = byId.get(id);
    out.push(job ? { status: 'claimed', job } : await whyNotClaimed(db, id, types));
  }
  return out;
}

async function whyNotClaimed(db: StatementRunner, id: number, types: readonly string[]): Promise<ClaimResult> {
  const job = (await jobSql.loadJob(db, { id })).rows[0];
  // Still waiting, due and of a type this claimer runs: only another job was in the way.
  const claimable = job !== undefined && job.state === 'NOT_STARTED' && job.due && types.includes(job.job_type);
  return claimable ? { status: 'blocked', job } : { status: 'taken', job };
}

/** Finishes jobs of `instanceId` with success in one statement; the ids it still owned. */
export async function finishJobs(db: StatementRunner, instanceId: string, finishes: readonly jobSql.Finish[]): Promise<Set<number>> {
  const { rows } = await jobSql.finishJobs(db, { instanceId, finishes: JSON.stringify(finishes) });
  return new Set(rows.map((r) => r.id));
}
