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
        { field: 'limit', message: 'must be at most 500' },
        { field: 'sort', message: 'must be id or name' },
      ],
    });
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
