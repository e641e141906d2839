// Pieces the Path 2 handlers share: the entry type or factor set a job is about, the modules its scope
// covers, and the turns their computing loops give to the event loop.
import { setImmediate as nextRound } from 'node:timers/promises';
import { ENTRY_TYPES, FACTOR_SETS, isModuleType, type EntryTypeDef, type FactorSetDef, type ModuleType } from '@carbon/shared';
import type { Queryable, SqlRunner } from '../../../domain/db';
import { PermanentJobError, type JobRow } from '../../types';
import * as q from './sql';
import type { ScopeModule } from './sql';

export function moduleTypeOfJob(job: Pick<JobRow, 'module_type'>): ModuleType {
  if (!job.module_type || !isModuleType(job.module_type)) throw new PermanentJobError(`Unknown module ${job.module_type ?? '(none)'}.`);
  return job.module_type;
}

export function entryTypeOfJob(job: Pick<JobRow, 'module_type' | 'data_entry_type'>): EntryTypeDef {
  const moduleType = moduleTypeOfJob(job);
  const entryType = job.data_entry_type ? ENTRY_TYPES[job.data_entry_type] : undefined;
  if (!entryType || entryType.module !== moduleType) throw new PermanentJobError(`Unknown data entry type ${job.data_entry_type ?? '(none)'} for module ${moduleType}.`);
  return entryType;
}

/** The factor set a factor job is about: its `data_entry_type` holds the set's name, its
 * `module_type` the module the set is listed under. */
export function factorSetOfJob(job: Pick<JobRow, 'module_type' | 'data_entry_type'>): FactorSetDef {
  const moduleType = moduleTypeOfJob(job);
  const set = job.data_entry_type ? FACTOR_SETS[job.data_entry_type] : undefined;
  if (!set || set.module !== moduleType) throw new PermanentJobError(`Unknown factor set ${job.data_entry_type ?? '(none)'} for module ${moduleType}.`);
  return set;
}

export type { ScopeModule };

/**
 * What a job tells the operator when entries are left without a figure: how many, and the next
 * step, naming the factor sets to upload (the given ones, in order, without repeats).
 */
export function withoutFactorAdvice(n: number, setNames: readonly string[], year: number): string {
  const sets = [...new Set(setNames)];
  return `${n} ${n === 1 ? 'entry' : 'entries'} without a factor: upload the ${sets.join(' and ')} factors for ${year}`;
}

export async function scopeModules(db: SqlRunner, job: Pick<JobRow, 'module_type' | 'year' | 'unit_id'>, onlyIds?: number[]): Promise<ScopeModule[]> {
  const { rows } = await q.scopeModules(db, { moduleType: job.module_type, year: job.year, unitId: job.unit_id, onlyIds: onlyIds ?? null });
  return rows;
}

/** The domain services take a pool or a client; a job's session answers the same calls. */
export const asQueryable = (db: SqlRunner): Queryable => db as unknown as Queryable;

/** Rows computed between two turns of the event loop (see `letIoThrough`). */
export const ROWS_PER_TURN = 250;

/**
 * Lets the event loop run its I/O. While a handler computes a batch, its previous statement is
 * running in PostgreSQL; the answer, the dispatch of the next queued statement and the rest of a
 * large parameter still being written all wait for the loop. Without these turns the database sat
 * idle for about a third of each CSV insert cycle.
 */
export const letIoThrough = (): Promise<void> => nextRound();
