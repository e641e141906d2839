// The results' SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'results');

export interface BreakdownRow {
  dimension: 'type' | 'module' | 'scope' | 'category' | 'total';
  key: string | null;
  module_type: string | null;
  kg_co2eq: number;
  entries: number;
  without_factor: number;
}

export const resultsBreakdown = define<{ reportId: number }, BreakdownRow>('resultsBreakdown', { reportId: 1 });

export interface PositionRow {
  category: string;
  head_count: number;
  fte: number;
  kg_co2eq: number;
  entries: number;
  without_factor: number;
}

export const resultsByPosition = define<
  { reportId: number; peopleType: string; numberField: string; fteField: string; categoryField: string; linkedTypes: string[]; linkKey: string; unspecified: string },
  PositionRow
>('resultsByPosition', { reportId: 1, peopleType: 2, numberField: 3, fteField: 4, categoryField: 5, linkedTypes: 6, linkKey: 7, unspecified: 8 });

export interface FactorOriginRow {
  module_type: string;
  origin: 'library' | 'operator' | 'none';
  kg_co2eq: number;
  entries: number;
}

export const resultsByFactorOrigin = define<{ reportId: number }, FactorOriginRow>('resultsByFactorOrigin', { reportId: 1 });
