// The unit list of whoever asks: the policy says which units, the domain reads them.
import type { UnitSummary } from '@carbon/shared';
import type { Pool } from '../db/pool';
import type { Actor } from '../domain/actor';
import { unitsWithYears } from '../domain/units';
import { visibleUnits } from '../policies';

export const listUnits = (pool: Pool, actor: Actor): Promise<UnitSummary[]> => unitsWithYears(pool, visibleUnits(actor));
