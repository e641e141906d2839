// The report reads components and pages make (results, own footprint, factor origins, years
// compared, the method page, the roll-up), and carrying a year forward. Screens reach the API through src/stores and
// src/composables only (eslint.config.js): this module is that door for reports.
export {
  fetchCarryForward,
  fetchFactorOrigins,
  fetchModuleSummary,
  fetchOwnFootprint,
  fetchReportsOfUnit,
  fetchResults,
  fetchRollup,
  fetchYearFactors,
  startCarryForward,
} from '../api/carbon';
