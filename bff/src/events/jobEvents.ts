// Job events as published by the data_ingestion_jobs trigger, and the SSE shapes derived from
// them: the `job` event itself and the `module` event that drives "Recalculating…" badges.
import { z } from 'zod';
import { ENTITY_TYPES, isModuleType, JOB_RESULTS, JOB_STATES, JOB_TARGETS, MODULES, type JobEvent, type ModuleEvent } from '@carbon/shared';
import type { JobRow } from '../jobs/types';

const notification = z.object({
  id: z.number().int().positive(),
  pipeline_id: z.string(),
  job_type: z.string(),
  entity_type: z.enum(ENTITY_TYPES),
  target: z.enum(JOB_TARGETS),
  module_type: z.string().nullable(),
  data_entry_type: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  year: z.number().int().nullable(),
  /** The job's combination (migration 0008): what a runner's held-back jobs wait on. */
  combination_key: z.string(),
  state: z.enum(JOB_STATES),
  result: z.enum(JOB_RESULTS).nullable(),
  attempts: z.number().int(),
  progress: z.object({ done: z.number().optional(), total: z.number().optional(), phase: z.string().optional() }).catch({}),
  pipeline_active: z.boolean(),
  /** Stats written by a finished aggregation of one unit's module (migration 0005). */
  stats: z.object({ module: z.record(z.string(), z.unknown()), report: z.record(z.string(), z.unknown()) }).nullish().catch(undefined),
  at: z.number(),
});

export type JobNotification = z.infer<typeof notification>;

export function parseJobNotification(text: string): JobNotification | undefined {
  try {
    const parsed = notification.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function toJobEvent(n: JobNotification): JobEvent {
  return {
    id: n.id,
    pipeline_id: n.pipeline_id,
    job_type: n.job_type,
    module_type: n.module_type,
    data_entry_type: n.data_entry_type,
    unit_id: n.unit_id,
    year: n.year,
    state: n.state,
    result: n.result,
    attempts: n.attempts,
    progress: n.progress,
    pipeline_active: n.pipeline_active,
  };
}

/** A job row (snapshot) in the shape of a notification; its pipeline is active by construction. */
export function notificationOfRow(row: JobRow): JobNotification {
  return {
    id: row.id,
    pipeline_id: row.pipeline_id,
    job_type: row.job_type,
    entity_type: row.entity_type,
    target: row.target,
    module_type: row.module_type,
    data_entry_type: row.data_entry_type,
    unit_id: row.unit_id,
    year: row.year,
    combination_key: row.combination_key,
    state: row.state,
    result: row.result,
    attempts: row.attempts,
    progress: row.progress,
    pipeline_active: true,
    at: Date.now(),
  };
}

/** A job event with its target, which the SSE `job` event leaves out. */
export type TargetedJobEvent = JobEvent & Pick<JobNotification, 'target'>;

/** Module activity implied by a job event; none for jobs not about a module (unit sync) or whose
 * target is factors: the recalculations a factor job chains (only when a factor changed) are what
 * recalculates modules, so a factor file that fails or changes nothing never marks a module as
 * recalculating. `stats`: what a finished aggregation wrote, carried by the event. */
export function moduleEventOf(e: TargetedJobEvent, stats?: JobNotification['stats']): ModuleEvent | undefined {
  if (!e.module_type || e.target === 'FACTORS') return undefined;
  const recalculating = e.state !== 'FINISHED' || e.pipeline_active;
  const phase = e.state === 'FINISHED' && !e.pipeline_active ? 'done' : e.progress.phase ? `${e.job_type}:${e.progress.phase}` : e.job_type;
  const m: ModuleEvent = { unit_id: e.unit_id, year: e.year, module: e.module_type, recalculating, phase, pipeline_id: e.pipeline_id };
  // A survey module's stored sums are not its total (it is extrapolated on read): no stats for it.
  const survey = isModuleType(e.module_type) && MODULES[e.module_type].extrapolated;
  if (stats && e.state === 'FINISHED' && !survey) m.stats = stats as unknown as NonNullable<ModuleEvent['stats']>;
  return m;
}

/** One module event per module of the snapshot: the latest active job of it wins. */
export function moduleSnapshot(events: TargetedJobEvent[]): ModuleEvent[] {
  const byModule = new Map<string, ModuleEvent>();
  for (const e of events) {
    if (e.state === 'FINISHED') continue;
    const m = moduleEventOf(e);
    if (m) byModule.set(JSON.stringify([m.unit_id, m.year, m.module]), m);
  }
  return [...byModule.values()];
}
