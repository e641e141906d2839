// claim_job: the pre-step and the claim in one statement on the caller's session.
// Exactly one of any number of concurrent claimers of a job wins; a job with an earlier job of
// its combination still unfinished is left NOT_STARTED (jobs of a combination run in the order
// they were accepted: sql/claimJob.sql).
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
  try {
    const claimed = (await jobSql.claimJob(db, { id, instanceId, types })).rows[0];
    if (claimed) return { status: 'claimed', job: claimed };
  } catch (err) {
    // A RUNNING job of the combination is current: this one waits.
    if (!violatesCurrentIndex(err)) throw err;
  }
  const job = (await jobSql.loadJob(db, { id })).rows[0];
  // Still waiting, due and of a type this claimer runs: only another job was in the way.
  const claimable = job !== undefined && job.state === 'NOT_STARTED' && job.due && types.includes(job.job_type);
  return claimable ? { status: 'blocked', job } : { status: 'taken', job };
}
