// Query schemas of the location search routes.
import { z } from 'zod';

const q = z.string({ error: 'must be text' }).trim().max(100, { error: 'must be at most 100 characters' }).default('');

export const airportQuerySchema = z.object({ q });

export const placeQuerySchema = z.object({
  q,
  country: z
    .string({ error: 'must be a country code' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166 two-letter country code' })
    .optional(),
});
