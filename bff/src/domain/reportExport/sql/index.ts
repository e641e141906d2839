// The report export's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'reportExport');

export interface EmissionExportRow {
  module_type: string;
  data_entry_type: string;
  entry_id: number;
  entry_source: string;
  data: Record<string, unknown>;
  emission_type: string | null;
  scope: number | null;
  category: string | null;
  kg_co2eq: number | null;
  quantity: number | null;
  quantity_unit: string | null;
  factor_id: number | null;
  factor_source: string | null;
  reason: string | null;
}

export const reportEmissions = define<{ reportId: number }, EmissionExportRow>('reportEmissions', { reportId: 1 });

export interface ReportingCountRow {
  dimension: 'scope' | 'category';
  key: string;
  entries: number;
  without_factor: number;
}

export const reportingCounts = define<{ reportId: number }, ReportingCountRow>('reportingCounts', { reportId: 1 });

export const factorSources = define<{ reportId: number }, { module_type: string; source: string }>('factorSources', { reportId: 1 });

/** Changes whenever the report's figures may have (reportVersion.sql); no row: no such report. */
export const reportVersion = define<{ reportId: number }, { unit_id: number; version: string }>('reportVersion', { reportId: 1 });
