// Request validation with zod: failures become 422 with one message per field.
import type { z } from 'zod';
import { unprocessable } from './errors';

export function parseBody<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ field: i.path.join('.') || undefined, message: i.message }));
  const first = errors[0];
  throw unprocessable(`Invalid ${what}: ${first?.field ? `${first.field}: ` : ''}${first?.message ?? 'invalid'}`, errors);
}
