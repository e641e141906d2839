// Entry lists read by key (domain/entries/listEntries.ts, pageIndex.ts): walking every page, in
// every sort and order, gives each row once and in the order of the whole list, duplicate and
// missing keys included; the total and the pages follow Path 1 writes, a Path 2 upload and the
// rows a user may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds } from './support/carbon';
import { PLANE_HEADER, settled, upload } from './support/pipeline';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let alice: TestClient;
let unit: number;
const YEAR = 2025;
const planes = () => `/api/modules/${unit}/${YEAR}/professional-travel/plane`;
const DESTINATIONS = ['JFK', 'NRT', 'LHR', 'JFK', 'SIN', 'LHR', 'JFK', 'YUL', 'CDG', 'NRT'];

interface Row {
  id: number;
}
interface ListPage {
  items: Row[];
  total: number;
  page: number;
  limit: number;
}

beforeAll(async () => {
  stack = await startTestStack();
  const ids = await demoIds(stack.server.pool);
  unit = ids.unit['CLIMATE-LAB']!;
  alice = await as(stack, 'alice');
  await settled(stack.server.pool, 120_000);
  await addMember(alice, unit, YEAR, 100001, 'Ada Pages', 1);
  // Repeated destinations (equal keys), and trips with and without a departure date (missing keys).
  for (let i = 0; i < 27; i++) {
    const body: Record<string, unknown> = { origin: 'GVA', destination: DESTINATIONS[i % DESTINATIONS.length], traveler_id: 100001, number_of_trips: 1 + (i % 3) };
    if (i % 4 !== 0) body.departure_date = `2025-0${1 + (i % 9)}-15`;
    const res = await alice.post(planes(), body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}, 180_000);
afterAll(async () => stack?.stop());

async function walk(client: TestClient, path: string, limit: number): Promise<{ ids: number[]; totals: Set<number> }> {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await client.get<ListPage>(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`);
    expect(res.status).toBe(200);
    totals.add(res.body.total);
    if (!res.body.items.length) break;
    ids.push(...res.body.items.map((r) => r.id));
  }
  return { ids, totals };
}

describe('pages read by key', () => {
  it('give every row once, in the whole list’s order, whatever the sort, order and page size', async () => {
    for (const sort of ['id', 'destination', 'departure_date', 'kg_co2eq', 'created_at', 'number_of_trips']) {
      for (const order of ['asc', 'desc']) {
        const path = `${planes()}?sort=${sort}&order=${order}`;
        const whole = (await alice.get<ListPage>(`${path}&limit=500`)).body;
        expect(whole.items.length).toBe(whole.total);
        for (const limit of [1, 4, 7]) {
          const { ids, totals } = await walk(alice, path, limit);
          expect(ids, `${sort} ${order} by ${limit}`).toEqual(whole.items.map((r) => r.id));
          expect([...totals]).toEqual([whole.total]);
        }
      }
    }
  });

  it('follow Path 1 writes: a new row is on its page and counted, a deleted one is gone', async () => {
    const before = (await alice.get<ListPage>(`${planes()}?limit=5&page=1`)).body.total;
    const made = await alice.post(planes(), { origin: 'GVA', destination: 'AKL', traveler_id: 100001, departure_date: '2025-02-02' });
    expect(made.status).toBe(201);
    const { ids } = await walk(alice, `${planes()}?sort=id`, 5);
    expect(ids.length).toBe(before + 1);
    expect(ids[ids.length - 1]).toBe(made.body.id);
    expect((await alice.get<ListPage>(`${planes()}?limit=5&page=2`)).body.total).toBe(before + 1);
    expect((await alice.delete(`${planes()}/${made.body.id}`)).status).toBe(204);
    const after = await walk(alice, `${planes()}?sort=destination&order=desc`, 5);
    expect(after.ids).not.toContain(made.body.id);
    expect([...after.totals]).toEqual([before]);
  });

  it('follow a Path 2 upload once its pipeline has finished', async () => {
    const before = (await alice.get<ListPage>(`${planes()}?limit=3`)).body.total;
    const res = await upload(alice, { module: 'professional-travel', type: 'plane', year: YEAR, unit_id: unit }, `${PLANE_HEADER}\nGVA,BKK,economy,1,true,2025-08-01,100001\nZRH,BOS,economy,1,false,2025-09-01,100001\nGVA,MAD,economy,2,true,,100001\n`);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const { ids, totals } = await walk(alice, `${planes()}?sort=departure_date`, 3);
    expect([...totals]).toEqual([before + 3]);
    expect(new Set(ids).size).toBe(before + 3);
  });

  it('count and page only the rows a user may see, and the rows a text matches', async () => {
    const bob = await as(stack, 'bob');
    const own = (await bob.get<ListPage>(`${planes()}?limit=500`)).body;
    const { ids, totals } = await walk(bob, planes(), 2);
    expect(ids).toEqual(own.items.map((r) => r.id));
    expect([...totals]).toEqual([own.total]);
    const all = (await alice.get<ListPage>(`${planes()}?limit=500`)).body;
    expect(own.total).toBeLessThan(all.total);

    const nrt = await walk(alice, `${planes()}?q=NRT&sort=kg_co2eq&order=desc`, 2);
    expect(nrt.ids.length).toBeGreaterThanOrEqual(5);
    expect([...nrt.totals]).toEqual([nrt.ids.length]);
    expect((await alice.get<ListPage>(`${planes()}?q=NRT&page=99`)).body).toMatchObject({ items: [], total: nrt.ids.length, page: 99 });
  });
});
