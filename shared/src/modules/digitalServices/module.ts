// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// Only the names of its sets come from the formulas (constants: the bundler keeps no code of them).
import { PUE_BASES, PUE_KEY, PUE_SET } from './formulas';
import type { ModuleDef } from '../fields';

export const digitalServicesModule: ModuleDef<'digital_services'> = {
  type: 'digital_services',
  slug: 'digital-services',
  i18nKey: 'modules.digital_services.title',
  entryTypes: ['cloud_spend', 'compute_use', 'ai_service'],
  // The unit's services, not any one person's.
  ownRows: [],
  summary: 'emissions',
  factorSets: [
    {
      name: PUE_SET,
      i18nKey: `modules.digital_services.factorSets.${PUE_SET}`,
      keys: ['basis'],
      values: [PUE_KEY],
      options: { basis: PUE_BASES },
      uncertaintyClass: 'medium',
    },
  ],
};
