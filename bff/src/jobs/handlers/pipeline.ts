// The Path 2 bulk pipeline's handlers: csv_ingest → emission_recalc → aggregation, and
// factor_ingest and factor_carry_over (which fan out to emission_recalc).
import type { JobHandler } from '../types';
import { csvIngestHandler } from './csvIngest';
import { emissionRecalcHandler } from './emissionRecalc';
import { aggregationHandler } from './aggregation';
import { factorIngestHandler } from './factorIngest';
import { factorCarryOverHandler } from './factorCarryOver';

export const pipelineHandlers: readonly JobHandler[] = [csvIngestHandler, emissionRecalcHandler, aggregationHandler, factorIngestHandler, factorCarryOverHandler];
