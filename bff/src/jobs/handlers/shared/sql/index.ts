// SQL the Path 2 handlers share, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'handlers');

export interface ScopeModule {
  id: number;
  unit_id: number;
}

/** The modules a job's scope covers (every unit's when unitId is null), optionally only some. */
export const scopeModules = define<{ moduleType: string | null; year: number | null; unitId: number | null; onlyIds: readonly number[] | null }, ScopeModule>(
  'scopeModules',
  { moduleType: 1, year: 2, unitId: 3, onlyIds: 4 },
);
