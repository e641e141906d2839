// The figures of a unit's report for its exports (the summary CSV and the printable report): the
// report exactly as the results API answers it (`getReport`, the same view the results page
// shows), completed with what the stored stats do not keep (entries per scope and category, the
// factor sources used). Every export section reads this one object: a figure added to the
// results (an uncertainty range, a ratio) is added here once and each section picks it up.
import { CATEGORIES, findCategory, GHG_SCOPES, MODULES, MODULE_TYPES, type CarbonReportView, type GhgScope, type ModuleStatus, type ModuleType, type ReportUncertainty } from '@carbon/shared';
import type { Pool } from '../../db/pool';
import { ForbiddenError } from '../../core/errors';
import { canSeeReportTotals } from '../../policies';
import type { Actor } from '../actor';
import { getReport } from '../carbonReports';
import { reportUncertainty } from '../uncertainty';
import { factorSources, reportingCounts } from './sql';

/** One line of a breakdown: kg CO2e, the entries behind it and those of them without a figure. */
export interface FigureLine {
  key: string;
  kg_co2eq: number;
  entries: number;
  without_factor: number;
}

export interface ReportFigures {
  reportId: number;
  unit: { institutional_id: string; name: string };
  year: number;
  generatedAt: Date;
  total: FigureLine & {
    fte: number;
    /** Members of the people's modules (the registry's `summary: 'fte'`). */
    people: number;
    kg_co2eq_per_fte: number | null;
    kg_co2eq_per_person: number | null;
  };
  byScope: (FigureLine & { scope: GhgScope })[];
  byModule: (FigureLine & { module: ModuleType; status: ModuleStatus })[];
  /** Reporting categories in report order; `scope` null for a key the registry no longer has. */
  byCategory: (FigureLine & { scope: GhgScope | null })[];
  byType: (FigureLine & { module: ModuleType })[];
  /** The ± of the total and of each module, as the results page shows them. */
  uncertainty: ReportUncertainty;
  completeness: { without_factor: number; emptyModules: ModuleType[]; notValidated: ModuleType[] };
  /** Per module, the sources of the factors its figures used. */
  method: { module: ModuleType; sources: string[] }[];
}

type VisibleReport = CarbonReportView & { stats: NonNullable<CarbonReportView['stats']> };

/** The report as the results API shows it, for a user who may export it: 404 unknown, 403
 * another unit's or a user who may not see every row of the unit. */
export async function reportForExport(pool: Pool, actor: Actor, reportId: number): Promise<VisibleReport> {
  const report = await getReport(pool, actor, reportId);
  if (!canSeeReportTotals(actor, report.unit_id) || !report.stats) {
    throw new ForbiddenError('The export holds every row of the unit: only those who may see all of them can download it.');
  }
  return report as VisibleReport;
}

const categoryOrder = (key: string) => {
  const i = CATEGORIES.findIndex((c) => c.key === key);
  return i < 0 ? CATEGORIES.length : i;
};

export async function reportFigures(pool: Pool, actor: Actor, reportId: number, now: Date): Promise<ReportFigures> {
  const report = await reportForExport(pool, actor, reportId);
  const [counts, sources, uncertainty] = await Promise.all([reportingCounts(pool, { reportId }), factorSources(pool, { reportId }), reportUncertainty(pool, actor, reportId)]);
  const s = report.stats;
  const countOf = (dimension: 'scope' | 'category', key: string) => counts.rows.find((r) => r.dimension === dimension && r.key === key);
  const line = (key: string, kg: number, count?: { entries: number; without_factor: number }): FigureLine => ({
    key,
    kg_co2eq: kg,
    entries: count?.entries ?? 0,
    without_factor: count?.without_factor ?? 0,
  });

  const byModule = MODULE_TYPES.map((module) => {
    const m = s.by_module[module] ?? { kg_co2eq: 0, entries: 0, without_factor: 0 };
    const status = report.modules.find((v) => v.module_type === module)?.status ?? 'not_started';
    return { ...line(module, m.kg_co2eq, m), module, status };
  });
  const people = byModule.filter((m) => MODULES[m.module].summary === 'fte').reduce((n, m) => n + m.entries, 0);

  return {
    reportId,
    unit: report.unit,
    year: report.year,
    generatedAt: now,
    total: {
      ...line('total', s.kg_co2eq, s),
      fte: s.fte,
      people,
      kg_co2eq_per_fte: s.kg_co2eq_per_fte,
      kg_co2eq_per_person: people > 0 ? s.kg_co2eq / people : null,
    },
    byScope: GHG_SCOPES.map((scope) => ({ ...line(String(scope), s.by_scope[`${scope}`] ?? 0, countOf('scope', String(scope))), scope })),
    byModule,
    byCategory: Object.keys(s.by_category)
      .sort((a, b) => categoryOrder(a) - categoryOrder(b))
      .map((key) => ({ ...line(key, s.by_category[key] ?? 0, countOf('category', key)), scope: findCategory(key)?.scope ?? null })),
    uncertainty,
    byType: report.modules.flatMap((m) => Object.entries(m.stats?.by_type ?? {}).map(([type, t]) => ({ ...line(type, t.kg_co2eq, t), module: m.module_type }))),
    completeness: {
      without_factor: s.without_factor,
      emptyModules: byModule.filter((m) => m.entries === 0).map((m) => m.module),
      notValidated: byModule.filter((m) => m.status !== 'validated').map((m) => m.module),
    },
    method: MODULE_TYPES.map((module) => ({ module, sources: sources.rows.filter((r) => r.module_type === module).map((r) => r.source) })),
  };
}
