// Query schemas of GET /v1/carbon_reports and GET /v1/rollup.
import { z } from 'zod';

const positiveId = z
  .string({ error: 'must be a positive whole number' })
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be a positive whole number' })
  .transform(Number);

const year = z
  .string({ error: 'must be a year' })
  .regex(/^[0-9]{4}$/, { error: 'must be a year (four digits)' })
  .transform(Number);

export const reportListQuerySchema = z.object({
  unit_id: positiveId.optional(),
  year: year.optional(),
});

// Query schema of GET /v1/rollup: the year is required.
export const rollupQuerySchema = z.object({ year });

// Query of GET /v1/carbon_reports/{id}/report.pdf: the report's language (the user's locale).
export const reportPdfQuerySchema = z.object({
  lang: z.enum(['en', 'fr'], { error: 'must be en or fr' }).default('en'),
});
