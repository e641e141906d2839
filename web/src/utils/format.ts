// The app's number and date formatting lives in shared/ (the BFF's printable report uses the same
// rules): re-exported here so components keep one import path.
export { THIN_SPACE, formatDate, formatFte, formatKg, formatKm, formatNumber, formatShare, formatTonnes } from '@carbon/shared';
