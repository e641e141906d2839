// Bodies and queries of the scenario, plan and institution routes under /v1/plans.
import { z } from 'zod';

const lever = z.strictObject({
  key: z.string({ error: 'must be a lever key' }).max(100, { error: 'must be at most 100 characters' }),
  params: z.record(z.string().max(100), z.union([z.number({ error: 'must be a number or text' }), z.string().max(100, { error: 'must be at most 100 characters' })])).default({}),
});

export const scenarioSchema = z.strictObject({
  name: z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  year: z.int({ error: 'must be a year' }).min(1990, { error: 'must be 1990 or later' }).max(2100, { error: 'must be 2100 or earlier' }),
  levers: z.array(lever).max(50, { error: 'must hold at most 50 levers' }),
});

export const actionSchema = z.strictObject({
  title: z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  owner: z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  due_date: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
  module_type: z.string({ error: 'must be a module' }).max(100),
  expected_kg: z.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(1e12, { error: 'is too large' }),
});

const year = z
  .string({ error: 'must be a year' })
  .regex(/^[0-9]{4}$/, { error: 'must be a year (four digits)' })
  .transform(Number);

export const checkQuerySchema = z.object({ to_year: year });
export const institutionQuerySchema = z.object({ year });
