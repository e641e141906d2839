// Body of POST /v1/carbon_reports/{id}/carry-forward: the entry types to copy from the year before.
import { z } from 'zod';

export const carryForwardSchema = z.object({
  entry_types: z
    .array(z.string({ error: 'must be an entry type' }).regex(/^[a-z][a-z0-9_]{0,62}$/, { error: 'must be an entry type' }), { error: 'must be a list of entry types' })
    .min(1, { error: 'choose at least one entry type' })
    .max(50)
    .refine((xs) => new Set(xs).size === xs.length, { error: 'lists an entry type twice' }),
});
