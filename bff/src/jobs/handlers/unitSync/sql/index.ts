// The unit sync's SQL, one statement per file.
import fs from 'node:fs';

const read = (name: string) => fs.readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');

export const unitSyncSql = {
  upsertUnits: read('upsertUnits'),
  linkParents: read('linkParents'),
  deleteStalePrincipals: read('deleteStalePrincipals'),
  insertPrincipals: read('insertPrincipals'),
  revokeDirectoryRoles: read('revokeDirectoryRoles'),
  grantDirectoryRoles: read('grantDirectoryRoles'),
  createReports: read('createReports'),
  createModules: read('createModules'),
} as const;
