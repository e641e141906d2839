// The plans page's door to the API (screens reach it through src/stores and src/composables only).
export { adoptScenario, fetchLevers, fetchScenario, fetchScenarios, fetchUnitTargets, planCsvUrl, saveScenario, saveUnitTarget, type LeverInfo } from '../api/plans';
