// Plane trips fly between airports: the airport search offers airports only (no railway or bus
// stations, heliports, seaplane bases, city codes), an entry cannot name anything else, and a
// database loaded by an older rule loses those rows at the next start. Place search (trains)
// keeps narrowing by country.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocations } from '../src/domain/locations/loadLocations';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let alice: TestClient;
let C: number;
type Item = { code: string; name: string; country_code: string; kind: string };

beforeAll(async () => {
  stack = await startTestStack();
  C = (await demoIds(stack.server.pool)).unit['CLIMATE-LAB']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

const airports = async (q: string): Promise<Item[]> => (await alice.get(`/api/locations/airports?q=${encodeURIComponent(q)}`)).body;
const places = async (q: string, country?: string): Promise<Item[]> =>
  (await alice.get(`/api/locations/places?q=${encodeURIComponent(q)}${country ? `&country=${country}` : ''}`)).body;

describe('airport search', () => {
  it('offers airports only', async () => {
    expect((await airports('bath')).map((a) => a.code)).not.toContain('QQX');
    expect(await airports('QQX')).toEqual([]);
    for (const q of ['railway station', 'heliport', 'seaplane', 'bus station', 'ferry port']) expect(await airports(q)).toEqual([]);
    // a city code standing for all of Paris' airports is no airport; its airports are
    const paris = await airports('paris');
    expect(paris.map((a) => a.code)).not.toContain('PAR');
    expect(paris.map((a) => a.code)).toEqual(expect.arrayContaining(['CDG', 'ORY']));
    expect(paris.every((a) => a.kind === 'airport')).toBe(true);
  });

  it('keeps air stations, which are airfields', async () => {
    expect((await airports('NAB'))[0]).toMatchObject({ code: 'NAB', name: 'Albany Naval Air Station' });
  });

  it('refuses a trip from a railway station as an unknown airport', async () => {
    const res = await alice.post(`/api/modules/${C}/2025/professional-travel/plane`, { origin: 'QQX', destination: 'LHR', traveler_id: 100001 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'origin', message: 'unknown airport code QQX', code: 'unknown_airport', params: { code: 'QQX' } }]);
  });

  it('removes, at the next start, what an older load stored as airports but is none', async () => {
    const pool = stack.server.pool;
    await pool.query(
      `INSERT INTO locations (kind, code, name, country_code, lat, lon, rank, search)
       VALUES ('airport', 'QQX', 'Bath Spa railway station', 'GB', 51.3775, -2.3564, 1, 'qqx bath spa railway station'),
              ('airport', 'AGN', 'Angoon Seaplane Base', 'US', 57.5, -134.585, 0, 'agn angoon seaplane base')`,
    );
    expect((await airports('bath spa')).map((a) => a.code)).toEqual(['QQX']);
    const before = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM locations WHERE kind = 'airport'`)).rows[0]!.n;
    expect(await ensureLocations(pool)).toEqual({ airports: 0, places: 0, removed: 2, named: 0 });
    expect(await airports('bath spa')).toEqual([]);
    expect((await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM locations WHERE kind = 'airport'`)).rows[0]!.n).toBe(before - 2);
    expect(await ensureLocations(pool)).toEqual({ airports: 0, places: 0, removed: 0, named: 0 });
  });
});

describe('place search', () => {
  it('narrows a name by country, and ranks by population without one', async () => {
    const anywhere = await places('paris');
    expect(anywhere[0]).toMatchObject({ name: 'Paris', country_code: 'FR', kind: 'place' });
    const inUs = await places('paris', 'US');
    expect(inUs.length).toBeGreaterThan(0);
    expect(inUs.every((p) => p.country_code === 'US')).toBe(true);
    expect((await places('paris', 'fr'))[0]).toMatchObject({ name: 'Paris', country_code: 'FR' });
  });
});
