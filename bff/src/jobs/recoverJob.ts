// Manual recovery (POST /sync/jobs/{id}/recover): a RUNNING job whose instance is dead (gone, its
// liveness session ended, or silent past the rescue window), or which has held its claim longer
// than its type's timeout, goes back to NOT_STARTED and is fired; an orphaned NOT_STARTED job is
// fired. Anything else is refused with the reason.
import { coded, type Coded } from '@carbon/shared';
import type { Pool } from '../db/pool';
import { withTransaction } from '../db/pool';
import { writeAudit } from '../domain/audit';
import * as jobSql from './sql';
import type { LockedJob } from './sql';
import type { JobRunner } from './runner';
import type { JobRow } from './types';

export type RecoverResult = { status: 'recovered'; job: JobRow; reason: string } | { status: 'not_found' } | { status: 'conflict'; detail: string; coded: Coded };

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function decide(job: LockedJob, runner: JobRunner): { reason: string } | { detail: string; coded: Coded } {
  if (job.state === 'FINISHED') {
    return { detail: `Job ${job.id} has already finished (${job.result}); there is nothing to recover.`, coded: coded('job_finished', { id: job.id, result: String(job.result) }) };
  }
  if (job.state === 'RUNNING') {
    const timeoutMs = runner.timeoutFor(job.job_type);
    const silent = job.claimer_silent_ms;
    if (silent === null) return { reason: `its instance ${job.locked_by} is gone` };
    if (job.claimer_session_ended) return { reason: `its instance ${job.locked_by} is dead: its database session has ended, so it holds no liveness lock` };
    if (silent > runner.rescueAfterMs) return { reason: `its instance ${job.locked_by} has been silent for ${seconds(silent)}` };
    if ((job.locked_ms ?? 0) > timeoutMs) return { reason: `it has run for ${seconds(job.locked_ms ?? 0)}, over its ${seconds(timeoutMs)} timeout` };
    return {
      detail:
        `Job ${job.id} is running on instance ${job.locked_by}, which is alive (last heartbeat ${seconds(silent)} ago), ` +
        `and has run for ${seconds(job.locked_ms ?? 0)} of its ${seconds(timeoutMs)} timeout.`,
      coded: coded('job_alive', { id: job.id, instance: String(job.locked_by), heartbeat: Math.round(silent / 1000), ran: Math.round((job.locked_ms ?? 0) / 1000), timeout: Math.round(timeoutMs / 1000) }),
    };
  }
  if (!runner.canRun(job.job_type)) {
    return { detail: `Job ${job.id} is waiting, but no handler for job type ${job.job_type} is registered on this instance.`, coded: coded('job_no_handler', { id: job.id, type: job.job_type }) };
  }
  return { reason: job.due ? 'it was waiting without being fired' : 'it was waiting for a retry delay' };
}

/** `actorId`: who asked (users.id; null for the system), for the audit line written with the
 * recovery. A refusal writes none. */
export async function recoverJob(pool: Pool, runner: JobRunner, id: number, actorId: number | null = null): Promise<RecoverResult> {
  const result = await withTransaction(pool, async (db): Promise<RecoverResult> => {
    const job = (await jobSql.lockJobForRecovery(db, { id, now: new Date(runner.clock.now()) })).rows[0];
    if (!job) return { status: 'not_found' };
    const verdict = decide(job, runner);
    if ('detail' in verdict) return { status: 'conflict', detail: verdict.detail, coded: verdict.coded };
    if (job.state === 'NOT_STARTED') {
      // Firing it would not run it: it keeps its place behind the job it waits for.
      const waitsFor = (await jobSql.loadJob(db, { id })).rows[0]?.waits_for;
      if (waitsFor) {
        const detail = `Job ${id} waits for job ${waitsFor} of the same combination, accepted before it and not finished yet; it runs once that job has finished.`;
        return { status: 'conflict', detail, coded: coded('job_waits_for', { id, waitsFor }) };
      }
    }
    // A RUNNING job goes back to waiting with its id, so it keeps its place before the jobs of its
    // combination accepted after it.
    const { rows } = await jobSql.recoverJob(db, { id, message: `Recovered manually: ${verdict.reason}.` });
    const recovered = rows[0]!;
    await writeAudit(db, {
      actorId,
      action: 'job_recover',
      unitId: recovered.unit_id,
      details: { job_id: id, job_type: recovered.job_type, state_before: job.state, reason: verdict.reason, pipeline_id: recovered.pipeline_id },
    });
    return { status: 'recovered', job: recovered, reason: verdict.reason };
  });
  if (result.status === 'recovered') runner.fire(id);
  return result;
}
