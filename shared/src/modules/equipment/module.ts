// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
import type { ModuleDef } from '../fields';

export const equipmentModule: ModuleDef<'equipment'> = {
  type: 'equipment',
  slug: 'equipment',
  i18nKey: 'modules.equipment.title',
  entryTypes: ['device'],
  // The unit's devices, not any one person's: standard users have no rows here.
  ownRows: [],
  summary: 'emissions',
};
