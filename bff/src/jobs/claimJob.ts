// claim_job (DESIGN §9): the pre-step and the claim in one statement on the caller's session.
// Exactly one of any number of concurrent claimers of a job wins; a job whose combination already
// has a RUNNING job is left NOT_STARTED.
import type { PoolClient } from '../db/pool';
import { prepared } from './sql';
import type { JobRow } from './types';

export type ClaimResult = { status: 'claimed'; job: JobRow } | { status: 'taken' } | { status: 'blocked' };

const CURRENT_INDEX = 'ix_data_ingestion_jobs_is_current_unique';

function violatesCurrentIndex(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === CURRENT_INDEX;
}

/** Claims job `id` for `instanceId` if its type is one of `types` (those it can run). */
export async function claimJob(db: PoolClient, id: number, instanceId: string, types: readonly string[]): Promise<ClaimResult> {
  try {
    const { rows } = await db.query<JobRow>(prepared('claimJob', [id, instanceId, types]));
    return rows[0] ? { status: 'claimed', job: rows[0] } : { status: 'taken' };
  } catch (err) {
    if (violatesCurrentIndex(err)) return { status: 'blocked' };
    throw err;
  }
}
