// The unit sync's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'unitSync');

/** Units of the directory by institutional id. */
interface Listed {
  ids: readonly string[];
}
/** Listed principals as pairs: units[i] names person persons[i]. */
interface Pairs {
  pairUnits: readonly string[];
  pairPersons: readonly number[];
}

export const upsertUnits = define<Listed & { names: readonly string[]; active: readonly boolean[] }, { id: number; institutional_id: string; created: boolean }>('upsertUnits', {
  ids: 1,
  names: 2,
  active: 3,
});
export const linkParents = define<Listed & { parents: readonly (string | null)[] }, { child: string; parent: string }>('linkParents', { ids: 1, parents: 2 });
export const deleteStalePrincipals = define<Listed & Pairs>('deleteStalePrincipals', { ids: 1, pairUnits: 2, pairPersons: 3 });
export const insertPrincipals = define<Pairs>('insertPrincipals', { pairUnits: 1, pairPersons: 2 });
export const revokeDirectoryRoles = define<Listed, { user_id: number }>('revokeDirectoryRoles', { ids: 1 });
export const grantDirectoryRoles = define<Listed, { granted: number; pending: number }>('grantDirectoryRoles', { ids: 1 });
export const createReports = define<{ reporting: readonly string[]; year: number }, { id: number }>('createReports', { reporting: 1, year: 2 });
export const createModules = define<{ reporting: readonly string[]; year: number; moduleTypes: readonly string[] }, { id: number }>('createModules', { reporting: 1, year: 2, moduleTypes: 3 });
