// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
import type { ModuleDef } from '../fields';

export const commutingModule: ModuleDef<'commuting'> = {
  type: 'commuting',
  slug: 'commuting',
  i18nKey: 'modules.commuting.title',
  entryTypes: ['commute'],
  // A member answers, changes and deletes their own response.
  ownRows: ['view', 'edit'],
  summary: 'emissions',
  // A survey: the module's total stands for the whole unit, not only those who answered.
  extrapolated: true,
};
