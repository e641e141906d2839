// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
import type { ModuleDef } from '../fields';

export const buildingsModule: ModuleDef<'buildings'> = {
  type: 'buildings',
  slug: 'buildings',
  i18nKey: 'modules.buildings.title',
  entryTypes: ['electricity', 'heating', 'refrigerant'],
  // The unit's sites, not any one person's: standard users have no rows here.
  ownRows: [],
  summary: 'emissions',
};
