// The reduction levers of every module, collected from the module folders (`<module>/levers.ts`):
// a module brings its own, as it brings its entry types. Each lever is data (which rows, what
// they become); leverKit.ts runs them with the modules' own formulas.
import type { LeverDef } from './leverKit';
import { levers as buildings } from './buildings/levers';
import { levers as commuting } from './commuting/levers';
import { levers as equipment } from './equipment/levers';
import { levers as professionalTravel } from './professionalTravel/levers';
import { levers as purchases } from './purchases/levers';
import type { ModuleType } from './types';

/** Levers per module; a module without levers has none listed. */
const LEVERS_OF: Partial<Record<ModuleType, readonly LeverDef[]>> = {
  professional_travel: professionalTravel,
  buildings,
  equipment,
  purchases,
  commuting,
};

export const LEVERS: readonly LeverDef[] = Object.values(LEVERS_OF).flat();

export const findLever = (key: string): LeverDef | undefined => LEVERS.find((l) => l.key === key);
