// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
import type { ModuleDef } from '../fields';

export const professionalTravelModule: ModuleDef<'professional_travel'> = {
  type: 'professional_travel',
  slug: 'professional-travel',
  i18nKey: 'modules.professional_travel.title',
  entryTypes: ['plane', 'train', 'road_sea'],
  // A member records and changes their own trips.
  ownRows: ['view', 'edit'],
  summary: 'emissions',
};
