// The carbon report of the current workspace: the report (totals, per module status and stats)
// and each module's summary (GET …/{module}: status, stats, entry counts). Pages read from here
// and ask for a refresh after a write or when a pipeline of the module ends.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CarbonReportView, ModuleSummary, ModuleType } from '@carbon/shared';
import { MODULES } from '@carbon/shared';
import { fetchModuleSummary, fetchReport, setModuleStatus } from '../api/carbon';

export const useModulesStore = defineStore('modules', () => {
  const unitId = ref<number | null>(null);
  const year = ref<number | null>(null);
  /** undefined: not loaded yet; null: the unit has no report that year. */
  const report = ref<CarbonReportView | null | undefined>(undefined);
  const summaries = ref<Partial<Record<ModuleType, ModuleSummary>>>({});

  /** Points the store at a unit and year, forgetting what belonged to another one. */
  function use(nextUnitId: number, nextYear: number): void {
    if (unitId.value === nextUnitId && year.value === nextYear) return;
    unitId.value = nextUnitId;
    year.value = nextYear;
    report.value = undefined;
    summaries.value = {};
  }

  /** Forgets everything (sign-out). */
  function clear(): void {
    unitId.value = null;
    year.value = null;
    report.value = undefined;
    summaries.value = {};
  }

  async function loadReport(): Promise<CarbonReportView | null> {
    const u = unitId.value;
    const y = year.value;
    if (u === null || y === null) return null;
    const r = await fetchReport(u, y);
    if (u === unitId.value && y === year.value) report.value = r;
    return r;
  }

  async function loadSummary(module: ModuleType): Promise<ModuleSummary | undefined> {
    const u = unitId.value;
    const y = year.value;
    if (u === null || y === null) return undefined;
    const s = await fetchModuleSummary(u, y, MODULES[module]);
    if (u === unitId.value && y === year.value) summaries.value = { ...summaries.value, [module]: s };
    return s;
  }

  /** After a change to a module: its summary and the report totals. */
  async function refresh(module: ModuleType): Promise<void> {
    await Promise.all([loadSummary(module), loadReport()]);
  }

  async function setStatus(module: ModuleType, status: 'validated' | 'in_progress'): Promise<void> {
    const reportId = summaries.value[module]?.carbon_report_id ?? report.value?.id;
    if (reportId === undefined) throw new Error('The carbon report is not loaded.');
    await setModuleStatus(reportId, module, status);
    await refresh(module);
  }

  return { unitId, year, report, summaries, use, clear, loadReport, loadSummary, refresh, setStatus };
});
