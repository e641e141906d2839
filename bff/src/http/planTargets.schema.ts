// Body of PUT /v1/plans/targets/institution and PUT /v1/plans/units/{unit}/targets.
import { z } from 'zod';

const point = z.strictObject({
  year: z.int({ error: 'must be a year' }).min(1991, { error: 'must be 1991 or later' }).max(2100, { error: 'must be 2100 or earlier' }),
  reduction_pct: z.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(100, { error: 'must be 100 or less' }),
  scope: z.union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: 'must be 1, 2, 3 or null (every scope)' }).default(null),
});

export const targetSetSchema = z.strictObject({
  baseline_year: z.int({ error: 'must be a year' }).min(1990, { error: 'must be 1990 or later' }).max(2100, { error: 'must be 2100 or earlier' }),
  points: z.array(point).min(1, { error: 'must name at least one target year' }).max(40, { error: 'must name at most 40 target years' }),
});
