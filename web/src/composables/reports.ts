// The report reads components and pages make (results, own footprint, factor origins, years
// compared, the method page, the roll-up). Screens reach the API through src/stores and
// src/composables only (eslint.config.js): this module is that door for reports.
export {
  fetchFactorOrigins,
  fetchModuleSummary,
  fetchOwnFootprint,
  fetchReportsOfUnit,
  fetchResults,
  fetchRollup,
  fetchYearFactors,
} from '../api/carbon';
