// The rule that lets the product grow: a module the code has never heard of, added to the
// registry only (bff/test/support/probeModule.ts: descriptor, formula), is served end to end by
// the generic code — permissions, reports, factor upload and recalculation, demo seeding in link
// order, Path 1 writes with traveler linking, standard users' own rows (through an index), CSV
// upload, stats. Imported first: the module is registered before the BFF's code loads.
import './support/probeModule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryTypesOf, MODULE_TYPES, MODULES, moduleKey, registryProblems } from '@carbon/shared';
import { seedDemoEntries, readDemoEntries } from '../src/dev/demoEntries';
import { ownRowsCondition } from '../src/domain/registrySql';
import { PROBE_DEMO_ROWS, probeModule } from './support/probeModule';
import { as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import { CSV, entriesOf, moduleId, settled, upload } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
let ids: DemoIds;
let unit: number;
const YEAR = 2025;
const M = probeModule.slug;
const rides = () => `/api/modules/${unit}/${YEAR}/${M}/ride`;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  unit = ids.unit['CLIMATE-LAB']!;
});
afterAll(() => stack?.stop());

describe('a module added to the registry only', () => {
  it('follows the registry rules', () => {
    expect(MODULE_TYPES).toContain(probeModule.type);
    expect(registryProblems()).toEqual([]);
  });

  it('is in every report, and standard users get the own-row rights it names', async () => {
    const bob = await as(stack, 'bob');
    const session = await bob.get('/api/v1/session');
    expect(session.body.permissions[moduleKey(probeModule.type, unit, true)]).toEqual(['view', 'edit']);
    const alice = await as(stack, 'alice');
    expect((await alice.get('/api/v1/session')).body.permissions[moduleKey(probeModule.type, unit)]).toEqual(['view', 'edit', 'sync']);
    const reports = await alice.get(`/api/v1/carbon_reports?unit_id=${unit}&year=${YEAR}`);
    expect(reports.body[0].modules.map((m: { module_type: string }) => m.module_type)).toContain(probeModule.type);
  });

  it('takes a factor file, then demo rows loaded after the people they link to, with emissions and stats', async () => {
    const olga = await as(stack, 'olga');
    const factors = await olga.post(`/api/sync/factors/${M}/ride?year=${YEAR}`, 'mode,kg_co2eq_per_km,source\nbike,0.005,test\nebike,0.01,test', CSV);
    expect(factors.status).toBe(202);
    await settled(stack.server.pool);

    const real = readDemoEntries();
    const members = real.units['CLIMATE-LAB']!.member!;
    const demo = { year: real.year, units: { 'CLIMATE-LAB': { member: members, probe_ride: PROBE_DEMO_ROWS.probe_ride! } } };
    await seedDemoEntries(stack.server.pool, stack.server.jobs.runner, { demo });
    await settled(stack.server.pool);

    const stored = await entriesOf(stack.server.pool, await moduleId(stack.server.pool, unit, YEAR, probeModule.type));
    expect(stored.map((e) => ({ data: e.data, source: e.source, emissions: e.emissions }))).toEqual([
      { data: { distance_km: 12, mode: 'ebike', traveler_id: 100002, rider_name: 'Bob Keller' }, source: 'csv', emissions: 1 },
      { data: { distance_km: 4, mode: 'bike', traveler_id: 100001, rider_name: 'Alice Martin' }, source: 'csv', emissions: 1 },
    ]);
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, probeModule.type);
    expect(s.module_stats.kg_co2eq).toBeCloseTo(12 * 0.01 + 4 * 0.005, 6);
    expect(s.report_stats.by_module[probeModule.type].kg_co2eq).toBeCloseTo(s.module_kg, 6);
  });

  it('takes Path 1 writes, linking the rider and computing with the uploaded factor', async () => {
    const alice = await as(stack, 'alice');
    const res = await alice.post(rides(), { distance_km: 10, mode: 'ebike', traveler_id: 100003 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ data_entry_type: 'probe_ride', rider_name: 'Chloé Dubois', kg_co2eq: 0.1 });
    expect((await alice.post(rides(), { distance_km: 10, traveler_id: 999999 })).status).toBe(422);
    expect((await alice.post(rides(), { distance_km: -1, traveler_id: 100003 })).body.errors).toContainEqual(expect.objectContaining({ field: 'distance_km', message: 'must be at least 0' }));
  });

  it('shows a standard user only their own rows and lets them write only those', async () => {
    const bob = await as(stack, 'bob');
    const before = await bob.get(rides());
    expect(before.status).toBe(200);
    expect(before.body.items.map((e: { traveler_id: number }) => e.traveler_id)).toEqual([100002]);
    expect((await bob.post(rides(), { distance_km: 3, traveler_id: 100002 })).status).toBe(201);
    expect((await bob.post(rides(), { distance_km: 3, traveler_id: 100001 })).status).toBe(403);
    const summary = await bob.get(`/api/modules/${unit}/${YEAR}/${M}`);
    expect(summary.body).toMatchObject({ stats: null, entry_counts: { probe_ride: 2 } });
    expect((await bob.get(rides())).body.total).toBe(2);
  });

  it('takes a CSV upload from a principal; a rider who is not in the headcount is skipped with a warning', async () => {
    const alice = await as(stack, 'alice');
    const res = await upload(alice, { module: M, type: 'ride', year: YEAR, unit_id: unit }, 'distance_km,mode,rider\n7,bike,100004\n7,bike,123456');
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await alice.get(`/api/sync/jobs/${res.body.job_id}`);
    expect(job.body).toMatchObject({ result: 'WARNING' });
    const summary = await alice.get(`/api/modules/${unit}/${YEAR}/${M}`);
    expect(summary.body.entry_counts).toEqual({ probe_ride: 2 + 1 + 1 + 1 });
    expect(summary.body.stats.kg_co2eq).toBeCloseTo(0.12 + 0.02 + 0.1 + 0.015 + 0.035, 6);
  });
});

describe("standard users' own rows", () => {
  // Many rows in one module of each kind, so that the planner has a real choice to make: a person
  // number each for people and for one-per-person types, twenty rows a person for the others.
  beforeAll(async () => {
    const pool = stack.server.pool;
    for (const m of MODULE_TYPES) {
      const module = await moduleId(pool, ids.unit['OCEAN-LAB']!, 2024, m);
      for (const t of entryTypesOf(m)) {
        await pool.query(
          `INSERT INTO data_entries (carbon_report_module_id, data_entry_type, data, source)
           SELECT $1, $2, jsonb_build_object($3::text, CASE WHEN $4 THEN to_jsonb((700000 + g)::text) WHEN $5 THEN to_jsonb(700000 + g) ELSE to_jsonb(700000 + g % 1000) END), 'csv'
             FROM generate_series(1, 20000) g`,
          [module, t.type, t.ownerField, t.person !== undefined, t.onePerPerson === true],
        );
      }
    }
    await pool.query('ANALYZE data_entries');
  });

  it.each(MODULE_TYPES.filter((m) => MODULES[m].ownRows.length))('%s: are found through an index on their owner key', async (m) => {
    const pool = stack.server.pool;
    const module = await moduleId(pool, ids.unit['OCEAN-LAB']!, 2024, m);
    const types = entryTypesOf(m);
    const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) SELECT count(*) FROM data_entries e WHERE e.carbon_report_module_id = $1 AND ${ownRowsCondition(types, '$2')}`, [
      module,
      '700042',
    ]);
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    for (const owner of new Set(types.map((t) => t.ownerField))) {
      // An index scan whose condition is on the owner key, not a scan of the module's rows.
      expect(plan).toMatch(new RegExp(`"Index Cond":"[^"]*->> '${owner}'`));
    }
    expect(plan).not.toContain('Seq Scan');
  });
});
