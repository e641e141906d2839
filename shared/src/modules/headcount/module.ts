// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
// The module's light descriptor, which the catalogue (../catalogue.ts) lists: no entry type and
// no formula, so that screens listing modules stay small. Its entry types are in entryTypes.ts.
import type { ModuleDef } from '../fields';

export const headcountModule: ModuleDef<'headcount'> = {
  type: 'headcount',
  slug: 'headcount',
  i18nKey: 'modules.headcount.title',
  entryTypes: ['member'],
  // A member sees their own row, read-only.
  ownRows: ['view'],
  summary: 'fte',
};
