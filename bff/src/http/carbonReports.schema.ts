// Query schema of GET /v1/carbon_reports.
import { z } from 'zod';

const positiveId = z
  .string({ error: 'must be a positive whole number' })
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be a positive whole number' })
  .transform(Number);

export const reportListQuerySchema = z.object({
  unit_id: positiveId.optional(),
  year: z
    .string({ error: 'must be a year' })
    .regex(/^[0-9]{4}$/, { error: 'must be a year (four digits)' })
    .transform(Number)
    .optional(),
});

// Query of GET /v1/carbon_reports/{id}/report.pdf: the report's language (the user's locale).
export const reportPdfQuerySchema = z.object({
  lang: z.enum(['en', 'fr'], { error: 'must be en or fr' }).default('en'),
});
