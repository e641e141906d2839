// No silent zeros on Path 2: a CSV uploaded into a year that has no factors stores its entries
// with no figure (null, never 0); the recalculation ends in WARNING with the count and the next
// step, the aggregation says the totals lack them (it succeeded: what it counts is not the file's); module and report stats count the entries `without_factor`. Uploading
// the missing factors afterwards recalculates them and the count goes back to 0. Members, whose
// per-FTE set is optional, add 0 kg "not configured" instead and are never counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { CSV, HEADCOUNT_HEADER, jobRow, moduleId, pipelineJobs, PLANE_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2031;
const MEMBERS = 40;
const TRIPS = 300;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  // The year's reports come from the unit directory, as an operator opens a year.
  expect((await olga.post('/api/sync/units', { year: YEAR })).status).toBe(202);
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

const nullEmissions = async (module: number) =>
  (
    await stack.server.pool.query<{ all: number; nulls: number; zeros: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE x.kg_co2eq IS NULL)::int AS nulls, count(*) FILTER (WHERE x.kg_co2eq = 0)::int AS zeros
         FROM data_entries e JOIN data_entry_emissions x ON x.data_entry_id = e.id WHERE e.carbon_report_module_id = $1`,
      [module],
    )
  ).rows[0]!;

describe('a year without factors', () => {
  it('a CSV upload’s recalculation ends in WARNING, its entries without a figure and counted in the stats', async () => {
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    const members = [HEADCOUNT_HEADER, ...Array.from({ length: MEMBERS }, (_, i) => `${880001 + i},Member ${i},1,`)].join('\n');
    const m = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit }, members);
    expect(m.status).toBe(202);
    await settled(stack.server.pool);
    const trips = [PLANE_HEADER, ...Array.from({ length: TRIPS }, (_, i) => `GVA,JFK,economy,1,false,2031-03-01,${880001 + (i % MEMBERS)}`)].join('\n');
    const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: unit }, trips);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);

    const jobs = await pipelineJobs(stack.server.pool, res.body.pipeline_id);
    expect(jobs.map((j) => [j.job_type, j.result])).toEqual([
      ['csv_ingest', 'SUCCESS'],
      ['emission_recalc', 'WARNING'],
      ['aggregation', 'SUCCESS'],
    ]);
    const [, recalc, aggregation] = jobs;
    expect(recalc!.report).toMatchObject({ entries: TRIPS, without_factor: TRIPS });
    expect(recalc!.status_message).toContain(`${TRIPS} entries without a factor: upload the plane factors for ${YEAR}`);
    expect(aggregation!.report).toMatchObject({ without_factor: TRIPS });
    expect(aggregation!.status_message).toContain(`${TRIPS} entries without a factor: upload the plane factors for ${YEAR}`);
    // The members add nothing (no per-FTE estimate configured, an optional set): their pipeline
    // lacks no factor.
    const memberJobs = await pipelineJobs(stack.server.pool, m.body.pipeline_id);
    expect(memberJobs.find((j) => j.job_type === 'aggregation')).toMatchObject({ result: 'SUCCESS', report: { without_factor: 0 } });

    // Null, never 0, for every entry.
    const travel = await moduleId(stack.server.pool, unit, YEAR, 'professional_travel');
    const headcount = await moduleId(stack.server.pool, unit, YEAR, 'headcount');
    expect(await nullEmissions(travel)).toEqual({ all: TRIPS, nulls: TRIPS, zeros: 0 });
    expect(await nullEmissions(headcount)).toEqual({ all: MEMBERS, nulls: 0, zeros: MEMBERS });

    // The API answers: module stats, module summary and report stats.
    const summary = await olga.get(`/api/modules/${unit}/${YEAR}/professional-travel`);
    expect(summary.body.stats).toMatchObject({ kg_co2eq: 0, entries: TRIPS, without_factor: TRIPS, by_type: { plane: { entries: TRIPS, without_factor: TRIPS }, train: { without_factor: 0 } } });
    const report = await olga.get(`/api/v1/carbon_reports/${summary.body.carbon_report_id}`);
    expect(report.body.stats).toMatchObject({
      kg_co2eq: 0,
      entries: TRIPS + MEMBERS,
      without_factor: TRIPS,
      by_module: { headcount: { without_factor: 0 }, professional_travel: { without_factor: TRIPS } },
    });
  });

  it('uploading the factors afterwards recalculates and clears the count', async () => {
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    // Test values, not published ones: only the clearing of the count is under test.
    const planeFactors = ['band,cabin_class,kg_co2eq_per_km,source', 'long,economy,0.2,test values'].join('\n');
    const p = await olga.post(`/api/sync/factors/professional-travel/plane?year=${YEAR}`, planeFactors, CSV);
    expect(p.status).toBe(202);
    await settled(stack.server.pool);
    const planeJobs = await pipelineJobs(stack.server.pool, p.body.pipeline_id);
    expect(planeJobs.filter((j) => j.job_type !== 'factor_ingest').every((j) => j.result === 'SUCCESS')).toBe(true);
    expect(planeJobs.map((j) => j.job_type)).toEqual(expect.arrayContaining(['emission_recalc', 'aggregation']));
    const travel = (await olga.get(`/api/modules/${unit}/${YEAR}/professional-travel`)).body.stats;
    expect(travel.without_factor).toBe(0);
    expect(travel.kg_co2eq).toBeGreaterThan(0);
    let report = (await olga.get(`/api/v1/carbon_reports/${(await olga.get(`/api/modules/${unit}/${YEAR}/headcount`)).body.carbon_report_id}`)).body.stats;
    expect(report.without_factor).toBe(0);

    const memberFactors = ['category,kg_co2eq_per_fte,source', 'food,100,test values'].join('\n');
    const f = await olga.post(`/api/sync/factors/headcount/member?year=${YEAR}`, memberFactors, CSV);
    expect(f.status).toBe(202);
    await settled(stack.server.pool);
    const headcount = (await olga.get(`/api/modules/${unit}/${YEAR}/headcount`)).body;
    expect(headcount.stats).toMatchObject({ kg_co2eq: 100 * MEMBERS, without_factor: 0 });
    report = (await olga.get(`/api/v1/carbon_reports/${headcount.carbon_report_id}`)).body.stats;
    expect(report).toMatchObject({ without_factor: 0, by_module: { headcount: { without_factor: 0 }, professional_travel: { without_factor: 0 } } });
    const recalc = (await pipelineJobs(stack.server.pool, f.body.pipeline_id)).find((j) => j.job_type === 'emission_recalc');
    expect(await jobRow(stack.server.pool, recalc!.id)).toMatchObject({ result: 'SUCCESS' });
  });
});
