// The back office's calls (uploads, factors, units, the job console, access and audit). Screens
// reach the API through src/stores and src/composables only (eslint.config.js): this module is
// that door for the back office.
export {
  carryOverFactors,
  countReplaceable,
  dispatchCsv,
  fetchFactors,
  fetchFactorYears,
  fetchJob,
  fetchUnits,
  listJobs,
  recoverJob,
  startUnitSync,
  uploadFactors,
} from '../api/sync';
export type { FactorView, IngestMode, Recovered, UploadProgress } from '../api/sync';
export { auditExportUrl, fetchAccess, fetchAudit, grantRole, mergeAccounts, revokeRole } from '../api/access';
export type { AuditFilters } from '../api/access';
