// A new year starts with factors: the back office carries every factor set of a year over to
// another in one tracked job (factor_carry_over): new rows with new ids in the target year, the
// source year untouched, a re-run upserting in place; then the emissions of the target year are
// recalculated as after a factor upload. Back office only; bad years are 422 and start nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryTypesUsingSet } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import { CSV, jobRow, pipelineJobs, settled } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const FROM = 2025;
const TO = 2031;

interface Row {
  id: number;
  set: string;
  classification: Record<string, string>;
  values: Record<string, number>;
  source: string;
  updated_at: Date;
}

const factorsOf = async (year: number) =>
  (
    await stack.server.pool.query<Row>(
      `SELECT id::int, data_entry_type AS set, classification, "values", source, updated_at FROM factors WHERE year = $1 ORDER BY data_entry_type, classification::text`,
      [year],
    )
  ).rows;
const identity = (r: Row) => `${r.set}:${JSON.stringify(Object.entries(r.classification).sort())}`;
const carryOverJobs = async () => Number((await stack.server.pool.query(`SELECT count(*) FROM data_ingestion_jobs WHERE job_type = 'factor_carry_over'`)).rows[0].count);

async function carryOver(body: unknown) {
  const olga = await as(stack, 'olga');
  const res = await olga.post('/api/sync/factors/carry-over', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settled(stack.server.pool);
  return { job: await jobRow(stack.server.pool, res.body.job_id), jobs: await pipelineJobs(stack.server.pool, res.body.pipeline_id) };
}

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  expect((await olga.post('/api/sync/units', { year: TO })).status).toBe(202);
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

describe('factor_carry_over', () => {
  it('is for the back office only', async () => {
    for (const user of ['alice', 'bob']) {
      const c = await as(stack, user);
      const res = await c.post('/api/sync/factors/carry-over', { from_year: FROM, to_year: TO });
      expect(res.status).toBe(403);
    }
    expect(await carryOverJobs()).toBe(0);
  });

  it.each([
    [{ from_year: FROM, to_year: FROM }, 'to_year'],
    [{ from_year: FROM, to_year: 2101 }, 'to_year'],
    [{ from_year: 1989, to_year: TO }, 'from_year'],
    [{ from_year: 'last year', to_year: TO }, 'from_year'],
    [{ to_year: TO }, 'from_year'],
    // A year without any factor: before the library's first (2019).
    [{ from_year: 2018, to_year: TO }, 'from_year'],
  ])('refuses %j with 422 naming %s, and starts nothing', async (body, field) => {
    const olga = await as(stack, 'olga');
    const res = await olga.post('/api/sync/factors/carry-over', body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await carryOverJobs()).toBe(0);
  });

  it(`carries ${FROM} over to ${TO}: every factor, new ids, the source untouched, then the year's emissions recalculated`, async () => {
    const unit = ids.unit['CLIMATE-LAB']!;
    const alice = await as(stack, 'alice');
    await addMember(alice, unit, TO, 100001, 'Alice Martin', 1);
    const trip = await alice.post(`/api/modules/${unit}/${TO}/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 100001 });
    expect(trip.status).toBe(201);
    expect(trip.body.kg_co2eq).toBeNull();
    expect((await alice.get(`/api/modules/${unit}/${TO}/professional-travel`)).body.stats).toMatchObject({ kg_co2eq: 0, without_factor: 1 });

    const source = await factorsOf(FROM);
    expect(source.length).toBeGreaterThan(0);
    expect(await factorsOf(TO)).toEqual([]);
    // What the pages read to say that the year has no factors yet.
    const olga = await as(stack, 'olga');
    expect((await alice.get(`/api/modules/${unit}/${TO}/professional-travel`)).body.factor_sets_without_factors).toEqual(['plane', 'train', 'road_sea']);
    expect((await olga.get(`/api/factors?module=professional-travel&year=${TO}`)).body).toMatchObject({ factors_in_year: 0, items: [] });

    const { job, jobs } = await carryOver({ from_year: FROM, to_year: TO });
    expect(job).toMatchObject({ job_type: 'factor_carry_over', entity_type: 'GLOBAL_PER_YEAR', target: 'FACTORS', year: TO, state: 'FINISHED', result: 'SUCCESS' });
    expect(job.report).toMatchObject({ from_year: FROM, to_year: TO, factors: source.length, inserted: source.length, changed: 0 });
    expect(job.progress).toMatchObject({ done: source.length, total: source.length });
    const perSet = new Map<string, number>();
    for (const r of source) perSet.set(r.set, (perSet.get(r.set) ?? 0) + 1);
    for (const [set, n] of perSet) expect(job.report.sets[set]).toEqual({ factors: n, inserted: n, changed: 0 });

    const target = await factorsOf(TO);
    expect(target.map(identity)).toEqual(source.map(identity));
    expect(target.map((r) => r.values)).toEqual(source.map((r) => r.values));
    expect(target.every((r, i) => r.source === `${source[i]!.source} (carried over from ${FROM})`)).toBe(true);
    const sourceIds = new Set(source.map((r) => r.id));
    expect(target.some((r) => sourceIds.has(r.id))).toBe(false);
    expect(await factorsOf(FROM)).toEqual(source);

    // The usual recalculation followed, in the same pipeline: the trip has its figure now.
    // One per entry type using a carried set (the registry says which), plane and train among them.
    const usingCarried = [...new Set([...perSet.keys()].flatMap((set) => entryTypesUsingSet(set).map((t) => t.type)))].sort();
    expect(usingCarried).toEqual(expect.arrayContaining(['plane', 'train']));
    expect(jobs.filter((j) => j.job_type === 'emission_recalc').map((j) => j.data_entry_type).sort()).toEqual(usingCarried);
    expect(jobs.every((j) => j.state === 'FINISHED')).toBe(true);
    const summary = (await alice.get(`/api/modules/${unit}/${TO}/professional-travel`)).body;
    expect(summary.factor_sets_without_factors).toEqual([]);
    expect((await olga.get(`/api/factors?module=professional-travel&year=${TO}`)).body.factors_in_year).toBe(source.length);
    const travel = summary.stats;
    expect(travel.without_factor).toBe(0);
    expect(travel.kg_co2eq).toBeGreaterThan(0);
    const after = (await alice.get(`/api/modules/${unit}/${TO}/professional-travel/plane/${trip.body.id}`)).body;
    expect(after.emissions[0].factor_id).toBe(target.find((r) => r.set === 'plane' && r.classification.band === 'long' && r.classification.cabin_class === 'economy')!.id);
  });

  it('a re-run upserts in place: same ids, no new row; a changed source value is carried into the same row', async () => {
    const before = await factorsOf(TO);
    const again = await carryOver({ from_year: FROM, to_year: TO });
    expect(again.job).toMatchObject({ result: 'SUCCESS' });
    expect(again.job.report).toMatchObject({ factors: before.length, inserted: 0, changed: 0, recalculation_jobs: [] });
    expect(again.jobs.map((j) => j.job_type)).toEqual(['factor_carry_over']);
    expect((await factorsOf(TO)).map((r) => [r.id, r.values])).toEqual(before.map((r) => [r.id, r.values]));

    // The source year's long-haul economy factor changes; the next carry-over updates its copy.
    const olga = await as(stack, 'olga');
    const upload = await olga.post(`/api/sync/factors/professional-travel/plane?year=${FROM}`, 'band,cabin_class,kg_co2eq_per_km,source\nlong,economy,0.25,test value', CSV);
    expect(upload.status).toBe(202);
    await settled(stack.server.pool);
    const third = await carryOver({ from_year: FROM, to_year: TO });
    expect(third.job.report).toMatchObject({ factors: before.length, inserted: 0, changed: 1 });
    expect(third.jobs.filter((j) => j.job_type === 'emission_recalc').map((j) => j.data_entry_type)).toEqual(['plane']);
    const now = await factorsOf(TO);
    expect(now.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const longEconomy = now.find((r) => r.set === 'plane' && r.classification.band === 'long' && r.classification.cabin_class === 'economy')!;
    expect(longEconomy).toMatchObject({ values: { kg_co2eq_per_km: 0.25 }, source: `test value (carried over from ${FROM})` });
  });
});
