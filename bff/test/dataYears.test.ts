// The years the back office opens on: the units list says, beside the years a unit has a report
// for, those whose report holds entries (`years_with_entries`), and GET /api/factors/years the
// years that have factors; a report made ahead for a later year (a unit sync) counts in neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitSummary } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';

let stack: TestStack;
let ids: DemoIds;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  await addMember(await as(stack, 'alice'), ids.unit['CLIMATE-LAB']!, 2024, 100001, 'Alice Martin', 1);
  // A report made ahead, as a unit sync for 2031 leaves it: no entry, no factor.
  await stack.server.pool.query(`INSERT INTO carbon_reports (unit_id, year) SELECT id, 2031 FROM units WHERE institutional_id IN ('CLIMATE-LAB', 'OCEAN-LAB')`);
}, 120_000);
afterAll(async () => stack?.stop());

describe('years with data', () => {
  it('the units list says which report years hold entries', async () => {
    const units: UnitSummary[] = (await (await as(stack, 'olga')).get('/api/v1/units')).body;
    const climate = units.find((u) => u.id === ids.unit['CLIMATE-LAB'])!;
    expect(climate.years).toEqual([2024, 2025, 2031]);
    expect(climate.years_with_entries).toEqual([2024]);
    expect(units.find((u) => u.id === ids.unit['OCEAN-LAB'])!.years_with_entries).toEqual([]);
  });

  it('GET /api/factors/years lists the years that have factors, to the back office only', async () => {
    const { rows } = await stack.server.pool.query<{ year: number }>('SELECT DISTINCT year FROM factors ORDER BY year');
    const res = await (await as(stack, 'olga')).get('/api/factors/years');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ years: rows.map((r) => r.year) });
    expect(res.body.years).not.toContain(2031);
    expect((await (await as(stack, 'alice')).get('/api/factors/years')).status).toBe(403);
  });
});
