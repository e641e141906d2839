// Typed calls to the carbon accounting API. Entries are addressed by unit and year
// (/modules/{unit}/{year}/{module}/{type}); module status by report id.
import type {
  CarbonReportModuleView,
  CarryForwardPreview,
  JobStarted,
  CarbonReportView,
  DataEntryView,
  EntryData,
  EntryEmissions,
  FactorOrigins,
  EntryTypeDef,
  FieldChoices,
  HeadcountMemberItem,
  ListQuery,
  LocationItem,
  LocationKind,
  ModuleDef,
  ModuleSummary,
  ModuleType,
  OwnFootprint,
  Page,
  ReportUncertainty,
  RollupUnit,
  UnitResults,
  YearFactors,
} from '@carbon/shared';
import { MODULES } from '@carbon/shared';
import { api } from './client';

const entriesPath = (unitId: number, year: number, type: EntryTypeDef) => `/modules/${unitId}/${year}/${MODULES[type.module].slug}/${type.slug}`;

/** The unit's report for the year, or null when there is none. */
export async function fetchReport(unitId: number, year: number): Promise<CarbonReportView | null> {
  const { data } = await api.get<CarbonReportView[]>('/v1/carbon_reports', { params: { unit_id: unitId, year } });
  return data[0] ?? null;
}

/** Every report of a year the user may see (for back-office: every unit's), with unit names. */
/** Every unit's figures of a year: the institution roll-up (back-office). */
export async function fetchRollup(year: number): Promise<RollupUnit[]> {
  return (await api.get<RollupUnit[]>('/v1/rollup', { params: { year } })).data;
}

/** Every report of a unit, one per year it has (for the years compared). */
export async function fetchReportsOfUnit(unitId: number): Promise<CarbonReportView[]> {
  return (await api.get<CarbonReportView[]>('/v1/carbon_reports', { params: { unit_id: unitId } })).data;
}

/** What carrying the unit's latest earlier report forward would copy into this one (principals,
 * back office). */
export async function fetchCarryForward(reportId: number): Promise<CarryForwardPreview> {
  return (await api.get<CarryForwardPreview>(`/v1/carbon_reports/${reportId}/carry-forward`)).data;
}

/** Copies the chosen entry types' rows from the year before: a CSV ingest job each. */
export async function startCarryForward(reportId: number, entryTypes: readonly string[]): Promise<{ jobs: JobStarted[] }> {
  return (await api.post<{ jobs: JobStarted[] }>(`/v1/carbon_reports/${reportId}/carry-forward`, { entry_types: entryTypes })).data;
}

/** The signed-in user's own footprint in a report, with the unit's per-FTE figure. */
export async function fetchOwnFootprint(reportId: number): Promise<OwnFootprint> {
  return (await api.get<OwnFootprint>(`/v1/carbon_reports/${reportId}/own`)).data;
}

/** A report's results: breakdowns, completeness and ratios (403 for users who may not see the
 * unit's totals). */
export async function fetchResults(reportId: number): Promise<UnitResults> {
  return (await api.get<UnitResults>(`/v1/carbon_reports/${reportId}/results`)).data;
}

/** What a report's total rests on: library factors, an operator's, or none. */
export async function fetchFactorOrigins(reportId: number): Promise<FactorOrigins> {
  return (await api.get<FactorOrigins>(`/v1/carbon_reports/${reportId}/factor_origins`)).data;
}

/** The ± of a report's total and of each module's (users who see the report's totals). */
export async function fetchReportUncertainty(reportId: number): Promise<ReportUncertainty> {
  return (await api.get<ReportUncertainty>(`/v1/carbon_reports/${reportId}/uncertainty`)).data;
}

/** The module summary. */
export async function fetchModuleSummary(unitId: number, year: number, module: ModuleDef): Promise<ModuleSummary> {
  return (await api.get<ModuleSummary>(`/modules/${unitId}/${year}/${module.slug}`)).data;
}

export async function listEntries(unitId: number, year: number, type: EntryTypeDef, query: ListQuery): Promise<Page<DataEntryView>> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit, order: query.order };
  if (query.sort) params.sort = query.sort;
  if (query.q) params.q = query.q;
  return (await api.get<Page<DataEntryView>>(entriesPath(unitId, year, type), { params })).data;
}

export async function createEntry(unitId: number, year: number, type: EntryTypeDef, payload: EntryData): Promise<DataEntryView> {
  return (await api.post<DataEntryView>(entriesPath(unitId, year, type), payload)).data;
}

export async function updateEntry(unitId: number, year: number, type: EntryTypeDef, id: number, patch: EntryData): Promise<DataEntryView> {
  return (await api.patch<DataEntryView>(`${entriesPath(unitId, year, type)}/${id}`, patch)).data;
}

export async function deleteEntry(unitId: number, year: number, type: EntryTypeDef, id: number): Promise<void> {
  await api.delete(`${entriesPath(unitId, year, type)}/${id}`);
}

/** How an entry's emissions were computed: each row with the factor rows it read. */
export async function fetchEntryEmissions(unitId: number, year: number, type: EntryTypeDef, id: number): Promise<EntryEmissions> {
  return (await api.get<EntryEmissions>(`${entriesPath(unitId, year, type)}/${id}/emissions`)).data;
}

/** Every factor set's rows for the year of the unit's report (the method page). */
export async function fetchYearFactors(unitId: number, year: number): Promise<YearFactors> {
  return (await api.get<YearFactors>(`/v1/units/${unitId}/years/${year}/factors`)).data;
}

export async function setAnonymousResponses(reportId: number, module: ModuleType, anonymous: boolean): Promise<{ module_type: string; anonymous_responses: boolean }> {
  return (await api.patch<{ module_type: string; anonymous_responses: boolean }>(`/v1/carbon_reports/${reportId}/modules/${module}/anonymous_responses`, { anonymous_responses: anonymous })).data;
}

export async function setModuleStatus(reportId: number, module: ModuleType, status: 'validated' | 'in_progress'): Promise<CarbonReportModuleView> {
  return (await api.patch<CarbonReportModuleView>(`/v1/carbon_reports/${reportId}/modules/${module}/status`, { status })).data;
}

/** The choices of a field picked among the year's factor rows. */
export async function fetchFieldChoices(unitId: number, year: number, type: EntryTypeDef, field: string): Promise<FieldChoices> {
  return (await api.get<FieldChoices>(`${entriesPath(unitId, year, type)}/choices/${field}`)).data;
}

/** The member list: members with a person number, ordered by name; 404 when there is no headcount. */
export async function fetchHeadcountMembers(unitId: number, year: number): Promise<HeadcountMemberItem[]> {
  // The unit home loads this file: the path, which needs the registry's entry types, is fetched
  // with the form that asks for members, not with the home's first load.
  const { membersSegment } = await import('@carbon/shared/modules/registry');
  return (await api.get<HeadcountMemberItem[]>(`/modules/${unitId}/${year}/${membersSegment()}`)).data;
}

export async function searchLocations(kind: LocationKind, q: string, signal?: AbortSignal): Promise<LocationItem[]> {
  const path = kind === 'airport' ? '/locations/airports' : '/locations/places';
  return (await api.get<LocationItem[]>(path, { params: { q }, signal })).data;
}
