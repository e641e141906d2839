// The bulk pipeline's reads: an upload's body read back in slices with one slice read ahead, and
// the distinct locations of a batch resolved in one statement with Path 1's rules.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db/pool';
import { storeUpload, uploadSlices } from '../src/domain/uploads';
import { resolveLocation, resolveLocations } from '../src/domain/locations/search';
import { createTestDatabase } from './support/stack';

let pool: Pool;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
});
afterAll(() => pool?.end());

/** The pool, counting the statements sent through it. */
function counting() {
  const db = {
    statements: 0,
    query: (...args: Parameters<Pool['query']>) => (db.statements++, pool.query(...args)),
  };
  return db as typeof db & Pick<Pool, 'query'>;
}

describe('upload slices', () => {
  it('reads the body back whole, asking for the next slice as soon as one arrives', async () => {
    // Multi-byte characters across slice boundaries: slices are bytes, not characters.
    const body = Buffer.from(Array.from({ length: 400 }, (_, i) => `${i};Zürich–Genève;${'é'.repeat(i % 7)}\n`).join(''));
    const id = await storeUpload(pool, body, crypto.createHash('sha256').update(body).digest('hex'), null);
    const db = counting();
    const slices = uploadSlices(db, id, body.length, 1000);
    const parts: Buffer[] = [];
    const first = await slices.next();
    parts.push(first.value as Buffer);
    expect(db.statements).toBe(2); // the first slice, and the second already asked for
    for await (const s of slices) parts.push(s);
    expect(Buffer.concat(parts).equals(body)).toBe(true);
    expect(parts.map((p) => p.length)).toEqual([...Array(Math.floor(body.length / 1000)).fill(1000), body.length % 1000]);
    expect(db.statements).toBe(Math.ceil(body.length / 1000));
  });
});

describe('resolveLocations', () => {
  it('resolves the airports asked for in one statement, in order, unknown codes as undefined', async () => {
    const db = counting();
    const found = await resolveLocations(db, 'airport', [{ value: 'gva' }, { value: 'JFK' }, { value: 'XX9' }, { value: 'GVA' }]);
    expect(db.statements).toBe(1);
    expect(found.map((l) => l?.code)).toEqual(['GVA', 'JFK', undefined, 'GVA']);
    expect(found[0]!.id).toBe(found[3]!.id);
    expect(found[0]).toMatchObject({ kind: 'airport', country_code: 'CH' });
    // Known ones come from memory; an unknown one is asked again (the table may still be loading).
    expect((await resolveLocations(db, 'airport', [{ value: 'JFK' }, { value: 'GVA' }])).map((l) => l?.code)).toEqual(['JFK', 'GVA']);
    expect(db.statements).toBe(1);
    await resolveLocations(db, 'airport', [{ value: 'XX9' }]);
    expect(db.statements).toBe(2);
  });

  it('resolves places as Path 1 does: folded name, optional country, most populous match', async () => {
    const db = counting();
    const found = await resolveLocations(db, 'place', [{ value: 'Paris' }, { value: 'paris', country: 'us' }, { value: 'ZURICH' }, { value: 'Nowhere At All' }]);
    expect(db.statements).toBe(1);
    expect(found.map((l) => l && [l.name, l.country_code])).toEqual([['Paris', 'FR'], ['Paris', 'US'], ['Zürich', 'CH'], undefined]);
    const single = await resolveLocation(pool, 'place', 'Zürich', null);
    expect(single?.id).toBe(found[2]!.id);
  });
});
