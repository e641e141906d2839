// Query schema of GET /api/audit and GET /api/audit/export.csv.
import { z } from 'zod';
import { AUDIT_ACTIONS } from '@carbon/shared';

const positiveId = z
  .string({ error: 'must be a positive whole number' })
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be a positive whole number' })
  .transform(Number);

const day = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'must be a date that exists' });

export const auditFilterSchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `must be one of: ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    actor: z.string({ error: 'must be text' }).trim().max(200, { error: 'must be at most 200 characters' }).optional(),
    unit_id: positiveId.optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], error: 'must not be before from' });

export const auditPageSchema = z.intersection(
  auditFilterSchema,
  z.object({
    page: z.string({ error: 'must be a page number' }).regex(/^[1-9][0-9]{0,5}$/, { error: 'must be a page number from 1' }).transform(Number).default(1),
    page_size: z
      .string({ error: 'must be a whole number' })
      .regex(/^[0-9]{1,4}$/, { error: 'must be a whole number' })
      .transform(Number)
      .pipe(z.number().min(1, { error: 'must be at least 1' }).max(500, { error: 'must be at most 500' }))
      .default(50),
  }),
);
