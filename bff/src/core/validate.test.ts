// Validation gives field issues to whoever reports them one by one (the CSV ingest) and an
// invalid-input error naming the first of them to whoever refuses the whole input (Path 1).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidError } from './errors';
import { checkInput, parseInput } from './validate';

const schema = z.object({ limit: z.number().int().max(500, 'must be at most 500'), sort: z.enum(['id', 'name'], 'must be id or name') });

describe('checkInput', () => {
  it('gives one issue per failed field, named by its path', () => {
    expect(checkInput(schema, { limit: 501, sort: 'colour' })).toEqual({
      ok: false,
      issues: [
        { field: 'limit', message: 'must be at most 500', code: 'number_too_big', params: { maximum: 500 } },
        { field: 'sort', message: 'must be id or name', code: 'not_one_of', params: { options: 'id, name' } },
      ],
    });
  });

  it('gives each issue a code of the catalogue and its params, whatever the kind of check', () => {
    const all = z.strictObject({
      name: z.string().trim().min(1).max(5),
      code: z.string().min(3),
      count: z.number().int().min(1),
      share: z.number(),
      flag: z.boolean(),
      day: z.iso.date(),
      word: z.string().regex(/^a+$/),
      odd: z.number().refine((n) => n % 2 === 1, { params: { code: 'number_too_small', minimum: 1 } }),
      other: z.string().refine(() => false),
    });
    const checked = checkInput(all, { name: 'toolong', code: 'ab', count: 0.5, share: 'x', flag: 1, day: '2025-13-01', word: 'b', odd: 2, other: 'x', extra: 1 });
    const byField = Object.fromEntries((checked.ok ? [] : checked.issues).map((i) => [i.field ?? '', { code: i.code, params: i.params }]));
    expect(byField).toEqual({
      '': { code: 'unknown_fields', params: { fields: 'extra' } },
      name: { code: 'text_too_long', params: { maximum: 5 } },
      code: { code: 'text_too_short', params: { minimum: 3 } },
      count: { code: 'expected_integer', params: {} },
      share: { code: 'expected_number', params: {} },
      flag: { code: 'expected_boolean', params: {} },
      day: { code: 'invalid_date', params: {} },
      word: { code: 'invalid_format', params: {} },
      odd: { code: 'number_too_small', params: { minimum: 1 } },
      other: { code: 'invalid', params: {} },
    });
    expect(checkInput(z.object({ name: z.string() }), {})).toMatchObject({ ok: false, issues: [{ field: 'name', code: 'required', params: {} }] });
  });

  it('gives the input as the schema reads it when it passes', () => {
    expect(checkInput(schema, { limit: 20, sort: 'id', extra: true })).toEqual({ ok: true, data: { limit: 20, sort: 'id' } });
  });

  it('names no field for an issue about the input as a whole', () => {
    expect(checkInput(schema, 'not an object')).toMatchObject({ ok: false, issues: [{ field: undefined }] });
  });
});

describe('parseInput', () => {
  it('throws an invalid-input error whose detail names the first issue and which carries all of them', () => {
    let thrown: unknown;
    try {
      parseInput(schema, { limit: 501, sort: 'colour' }, 'query');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(InvalidError);
    expect(thrown).toMatchObject({
      kind: 'invalid',
      detail: 'Invalid query: limit: must be at most 500',
      issues: [
        { field: 'limit', message: 'must be at most 500' },
        { field: 'sort', message: 'must be id or name' },
      ],
    });
  });

  it('returns the parsed input', () => {
    expect(parseInput(schema, { limit: 1, sort: 'name' })).toEqual({ limit: 1, sort: 'name' });
  });
});
