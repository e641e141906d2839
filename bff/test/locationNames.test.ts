// Places and airports are found by their names in English, French, German, Italian and their own
// language, whatever the accents and case: "geneve", "Genève", "Genf", "Ginevra" and "GVA" all
// find Geneva; "Bruxelles", "Brüssel" and "Brussels" find Brussels, and its airport through the
// city it serves. An entry still stores the place's own name. A database loaded before the other
// names existed gets them at the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocations } from '../src/domain/locations/loadLocations';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds } from './support/carbon';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let alice: TestClient;
let C: number;
type Item = { code: string; name: string; country_code: string };

beforeAll(async () => {
  stack = await startTestStack();
  C = (await demoIds(stack.server.pool)).unit['CLIMATE-LAB']!;
  alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
});
afterAll(() => stack?.stop());

const airports = async (q: string): Promise<Item[]> => (await alice.get(`/api/locations/airports?q=${encodeURIComponent(q)}`)).body;
const places = async (q: string): Promise<Item[]> => (await alice.get(`/api/locations/places?q=${encodeURIComponent(q)}`)).body;

describe('names in other languages', () => {
  it.each(['geneve', 'Genève', 'Genf', 'Ginevra', 'GVA', 'GENEVA'])('airport search for "%s" offers Geneva first', async (q) => {
    expect((await airports(q))[0]).toMatchObject({ code: 'GVA', country_code: 'CH' });
  });

  it.each(['geneve', 'Genève', 'Genf', 'Ginevra', 'Geneva'])('place search for "%s" offers Genève first', async (q) => {
    expect((await places(q))[0]).toMatchObject({ name: 'Genève', country_code: 'CH' });
  });

  it.each(['Bruxelles', 'Brüssel', 'Brussels', 'bruxelles'])('"%s" finds Brussels, and its airport by the city it serves', async (q) => {
    expect((await places(q))[0]).toMatchObject({ name: 'Brussels', country_code: 'BE' });
    expect((await airports(q)).map((a) => a.code)).toContain('BRU');
  });

  it('finds a name inside another one, and a prefix of it', async () => {
    expect((await places('Londres'))[0]).toMatchObject({ name: 'London', country_code: 'GB' });
    expect((await airports('londres')).map((a) => a.code)).toEqual(expect.arrayContaining(['LHR', 'LGW', 'STN']));
    expect((await places('Mailand'))[0]).toMatchObject({ name: 'Milan', country_code: 'IT' });
    expect((await places('ginev'))[0]).toMatchObject({ name: 'Genève' });
  });

  it('stores the own name of the place picked by another name', async () => {
    const [geneva] = await places('Genf');
    const [brussels] = await places('Bruxelles');
    const res = await alice.post(`/api/modules/${C}/2025/professional-travel/train`, {
      origin: geneva!.name,
      origin_country: geneva!.country_code,
      destination: brussels!.name,
      destination_country: brussels!.country_code,
      traveler_id: 100001,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ origin: 'Genève', destination: 'Brussels' });
  });

  it('gives the rows of an earlier load their other names at the next start', async () => {
    const pool = stack.server.pool;
    await pool.query(`UPDATE locations SET names = NULL WHERE (kind, code) IN (('airport', 'GVA'), ('place', '2660646'))`);
    expect(await airports('Genf')).toEqual([]);
    expect(await ensureLocations(pool)).toEqual({ airports: 0, places: 0, removed: 0, named: 2 });
    expect((await airports('Genf'))[0]).toMatchObject({ code: 'GVA' });
    expect((await places('Ginevra'))[0]).toMatchObject({ name: 'Genève' });
  });
});
