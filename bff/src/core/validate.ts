// Input validation with zod, for every layer: the complaints as field issues (which a CSV ingest
// reports per row and column), or an invalid-input error whose detail names the first of them.
// Each issue gets a code from shared/src/errors.ts, mapped from zod's kind of check.
import type { z } from 'zod';
import { issueCode } from '@carbon/shared';
import { InvalidError, type FieldIssue } from './errors';

/** zod's complaints, one per failed check, with the field's path (absent: the input itself). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ field: i.path.join('.') || undefined, message: i.message, ...issueCode(i as Parameters<typeof issueCode>[0]) }));
}

/** "Invalid <what>: <field>: <message>" for the first issue, with every issue attached. */
export function invalidInput(what: string, issues: FieldIssue[]): InvalidError {
  const first = issues[0];
  return new InvalidError(`Invalid ${what}: ${first?.field ? `${first.field}: ` : ''}${first?.message ?? 'invalid'}`, issues);
}

export type Checked<T> = { ok: true; data: T } | { ok: false; issues: FieldIssue[] };

/** The input as the schema reads it, or the issues that stop it. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): Checked<z.infer<S>> {
  // With the input in each issue: a missing value (required) is told from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: fieldIssues(result.error) };
}

/** The input as the schema reads it; `InvalidError` naming `what` otherwise. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const checked = checkInput(schema, input);
  if (!checked.ok) throw invalidInput(what, checked.issues);
  return checked.data;
}
