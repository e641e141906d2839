// Query and body schemas of the data-entry routes (the entry payloads themselves come from the
// shared registry: createSchema / updateSchema).
import { z } from 'zod';
import { LIST_ORDERS, MAX_PAGE_LIMIT, type ListQuery } from '@carbon/shared';

export const listQuerySchema = z.object({
  page: z.coerce.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).default(1),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_PAGE_LIMIT, { error: `must be at most ${MAX_PAGE_LIMIT}` })
    .default(50),
  sort: z.string({ error: 'must be a field name' }).max(64).optional(),
  order: z.enum(LIST_ORDERS, { error: `must be ${LIST_ORDERS.join(' or ')}` }).default('asc'),
  q: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, { error: 'must be at most 200 characters' })
    .optional()
    .transform((v) => v || undefined),
  type: z.string({ error: 'must be an entry type' }).max(64).optional(),
}) satisfies z.ZodType<ListQuery & { type?: string }, unknown>;

export const anonymousResponsesSchema = z.strictObject({
  anonymous_responses: z.boolean({ error: 'must be true or false' }),
});

export const moduleStatusSchema = z.strictObject({
  status: z.enum(['validated', 'in_progress'], { error: 'must be validated or in_progress' }),
});
