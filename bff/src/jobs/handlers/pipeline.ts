// The Path 2 bulk pipeline's handlers. Which job follows which is declared by each handler
// (`next`), and how a shared job is held (`holdMs`) by its own: this list only registers them.
import type { JobHandler } from '../types';
import { csvIngestHandler } from './csvIngest';
import { emissionRecalcHandler } from './emissionRecalc';
import { aggregationHandler } from './aggregation';
import { factorIngestHandler } from './factorIngest';
import { factorCarryOverHandler } from './factorCarryOver';

export const pipelineHandlers: readonly JobHandler[] = [csvIngestHandler, emissionRecalcHandler, aggregationHandler, factorIngestHandler, factorCarryOverHandler];
