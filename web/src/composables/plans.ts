// The plans pages' door to the API (screens reach it through src/stores and src/composables only).
export {
  addPlanAction,
  adoptScenario,
  fetchInstitutionPlans,
  fetchInstitutionTarget,
  fetchLevers,
  fetchPlanActions,
  fetchPlanCheck,
  fetchScenario,
  fetchScenarios,
  fetchUnitTargets,
  planCsvUrl,
  saveInstitutionTarget,
  saveScenario,
  saveUnitTarget,
  type LeverInfo,
} from '../api/plans';
