// The method views' SQL, one statement per file, each wrapped in a typed function.
import type { EmissionView, MethodFactor } from '@carbon/shared';
import { sqlFolder } from '../../../db/statement';

const define = sqlFolder(import.meta.url, 'method');

export const entryEmissions = define<{ entryId: number }, EmissionView>('entryEmissions', { entryId: 1 });
export const factorsByIds = define<{ ids: number[] }, { factor: MethodFactor }>('factorsByIds', { ids: 1 });
export const yearFactors = define<{ year: number; sets: string[] }, { factor: MethodFactor }>('yearFactors', { year: 1, sets: 2 });
export const unitReport = define<{ unitId: number; year: number }, { unit_id: number; report_id: number | null }>('unitReport', { unitId: 1, year: 2 });
