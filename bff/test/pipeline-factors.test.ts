// Factor ingest: upsert in place on the factor identity, ids kept, key
// order irrelevant, factors missing from the latest file kept and marked, emissions and stats
// recomputed automatically; a failing file recalculates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import { CSV, HEADCOUNT_HEADER, jobRow, pipelineJobs, PLANE_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

interface Factor {
  id: number;
  classification: Record<string, string>;
  values: Record<string, number>;
  source: string;
  in_latest_upload: boolean;
  last_seen_job_id: number | null;
}

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  const unit = ids.unit['CLIMATE-LAB'];
  await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit }, [HEADCOUNT_HEADER, '800001,Kim,1,'].join('\n'));
  await settled(stack.server.pool);
  // GVA–JFK is long haul, ZRH–LHR short haul.
  const trips = ['GVA,JFK,economy,1,true,2025-02-01,800001', 'ZRH,LHR,economy,1,false,2025-02-02,800001', 'ZRH,LHR,business,1,false,2025-02-03,800001'];
  await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: unit }, [PLANE_HEADER, ...trips].join('\n'));
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

async function factors(): Promise<Factor[]> {
  const olga = await as(stack, 'olga');
  const res = await olga.get(`/api/factors?module=professional-travel&type=plane&year=${YEAR}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

/** The library's plane factors (shared/src/modules/professionalTravel/factors/plane/): ADEME economy, business and first by
 * the DESNZ ratios (first priced as business on short and medium haul). */
const LIBRARY_PLANE: Record<string, number> = {
  'short/economy': 0.2582,
  'short/business': 0.387293,
  'short/first': 0.387293,
  'medium/economy': 0.1872,
  'medium/business': 0.280795,
  'medium/first': 0.280795,
  'long/economy': 0.1517,
  'long/business': 0.4399,
  'long/first': 0.60677,
};

const byKey = (list: Factor[]) => new Map(list.map((f) => [`${f.classification.band}/${f.classification.cabin_class}`, f]));

async function uploadFactors(csv: string) {
  const olga = await as(stack, 'olga');
  const res = await olga.post(`/api/sync/factors/professional-travel/plane?year=${YEAR}`, csv, CSV);
  expect(res.status).toBe(202);
  await settled(stack.server.pool);
  return { job: await jobRow(stack.server.pool, res.body.job_id), jobs: await pipelineJobs(stack.server.pool, res.body.pipeline_id) };
}

const emissionsKg = async () =>
  (await stack.server.pool.query<{ kg: number }>(`SELECT kg_co2eq::float8 AS kg FROM data_entry_emissions WHERE emission_type = 'plane' ORDER BY data_entry_id`)).rows.map((r) => r.kg);

describe('factor_ingest', () => {
  it('is for back-office operators only', async () => {
    const alice = await as(stack, 'alice');
    expect((await alice.post(`/api/sync/factors/professional-travel/plane?year=${YEAR}`, 'band,cabin_class,kg_co2eq_per_km,source\n', CSV)).status).toBe(403);
    expect((await alice.get(`/api/factors?module=professional-travel&year=${YEAR}`)).status).toBe(403);
    const olga = await as(stack, 'olga');
    expect((await olga.post(`/api/sync/factors/professional-travel/plane?year=${YEAR}`, { a: 1 })).status).toBe(415);
    expect((await olga.post(`/api/sync/factors/professional-travel/plane?year=abc`, 'x\n', CSV)).status).toBe(422);
  });

  it('re-upload with reordered keys and one factor left out: same ids, no duplicates, missing one marked, emissions and stats recomputed', async () => {
    // The operator's first file: the library's values under the operator's source. Nothing
    // changes value, so nothing is recalculated; the rows are the operator's from now on (a
    // library row that a file leaves out is the shipped default, not a row that file dropped).
    const first = await uploadFactors(['band,cabin_class,kg_co2eq_per_km,source', ...Object.entries(LIBRARY_PLANE).map(([k, v]) => `${k.replace('/', ',')},${v},"Operator file, 2024"`)].join('\n'));
    expect(first.job.report).toMatchObject({ inserted: 0, changed: 0, unchanged: 9 });
    expect(first.jobs.map((j) => j.job_type)).toEqual(['factor_ingest']);
    const before = await factors();
    expect(before).toHaveLength(9);
    expect(before.every((f) => f.in_latest_upload)).toBe(true);
    const kgBefore = await emissionsKg();
    const statsBefore = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');

    // Columns in another order than the registry's keys; long/first left out; short economy and
    // long economy changed (from 0.2582 and 0.1517).
    const { 'long/first': _left, ...unchanged } = LIBRARY_PLANE;
    const values: Record<string, number> = { ...unchanged, 'short/economy': 0.3, 'long/economy': 0.2 };
    const rows = Object.entries(values).map(([k, v]) => {
      const [band, cabin] = k.split('/');
      return `${cabin},"Operator file, 2025",${v},${band}`;
    });
    const { job, jobs } = await uploadFactors(['cabin_class,source,kg_co2eq_per_km,band', ...rows].join('\r\n'));
    expect(job).toMatchObject({ result: 'SUCCESS' });
    expect(job.report).toMatchObject({ inserted: 0, changed: 2, unchanged: 6 });
    expect(jobs.map((j) => j.job_type)).toEqual(['factor_ingest', 'emission_recalc', 'aggregation']);
    expect(jobs.every((j) => j.result === 'SUCCESS')).toBe(true);

    const after = await factors();
    expect(after).toHaveLength(9);
    const b = byKey(before);
    const a = byKey(after);
    for (const [key, f] of a) expect(f.id).toBe(b.get(key)!.id);
    expect(a.get('long/first')).toMatchObject({ in_latest_upload: false, values: { kg_co2eq_per_km: 0.60677 } });
    expect([...a.values()].filter((f) => !f.in_latest_upload)).toHaveLength(1);
    expect(a.get('short/economy')).toMatchObject({ in_latest_upload: true, last_seen_job_id: job.id, values: { kg_co2eq_per_km: 0.3 }, source: 'Operator file, 2025' });

    const kgAfter = await emissionsKg();
    expect(kgAfter[0]).toBeCloseTo((kgBefore[0]! * 0.2) / 0.1517, 3); // GVA–JFK, long economy
    expect(kgAfter[1]).toBeCloseTo((kgBefore[1]! * 0.3) / 0.2582, 3); // ZRH–LHR, short economy
    expect(kgAfter[2]).toBeCloseTo(kgBefore[2]!, 6); // short business unchanged
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(Number(s.module_stats.kg_co2eq)).toBeCloseTo(s.module_kg, 6);
    expect(Number(s.report_stats.kg_co2eq)).toBeCloseTo(s.report_kg, 6);
    expect(s.module_kg).toBeGreaterThan(statsBefore.module_kg);

    // The same file again: nothing changed, so nothing is stale and nothing is recalculated.
    const again = await uploadFactors(['band,cabin_class,kg_co2eq_per_km,source', ...Object.entries(values).map(([k, v]) => `${k.replace('/', ',')},${v},"Operator file, 2025"`)].join('\n'));
    expect(again.job.report).toMatchObject({ changed: 0, inserted: 0 });
    expect(again.jobs.map((j) => j.job_type)).toEqual(['factor_ingest']);
    expect(await factors()).toHaveLength(9);
  });

  it('a factor file that fails (ERROR) creates no recalculation and changes no factor', async () => {
    const before = await factors();
    const bad = await uploadFactors('band,cabin_class,kg_per_km,source\nshort,economy,9,x\n');
    expect(bad.job).toMatchObject({ result: 'ERROR' });
    expect(bad.job.status_message).toContain('missing column: kg_co2eq_per_km');
    expect(bad.jobs.map((j) => j.job_type)).toEqual(['factor_ingest']);
    const invalid = await uploadFactors('band,cabin_class,kg_co2eq_per_km,source\nshort,premium,9,x\nshort,economy,-1,x\n');
    expect(invalid.job).toMatchObject({ result: 'ERROR' });
    expect(invalid.job.report.issues.map((i: { column: string }) => i.column)).toEqual(['cabin_class', 'kg_co2eq_per_km']);
    expect(invalid.jobs.map((j) => j.job_type)).toEqual(['factor_ingest']);
    expect(await factors()).toEqual(before);
  });

  it('refuses classification values the registry does not allow, as row errors, and stores the rest', async () => {
    const before = await factors();
    const mixed = await uploadFactors(
      ['band,cabin_class,kg_co2eq_per_km,source', 'huge,economy,0.2,"Operator file"', 'short,economy,0.2,"Operator file"', 'Long,first,0.9,"Operator file"'].join('\n'),
    );
    expect(mixed.job).toMatchObject({ result: 'WARNING' });
    expect(mixed.job.report).toMatchObject({ rows: 3, stored: 1, skipped: 2 });
    expect(mixed.job.report.issues).toEqual([
      { row: 2, column: 'band', reason: 'must be one of: short, medium, long', code: 'not_one_of', params: { options: 'short, medium, long' }, level: 'error' },
      { row: 4, column: 'band', reason: 'must be one of: short, medium, long', code: 'not_one_of', params: { options: 'short, medium, long' }, level: 'error' },
    ]);
    const after = await factors();
    expect(after.map((f) => f.classification.band).sort()).toEqual(before.map((f) => f.classification.band).sort());
    expect(after.some((f) => f.classification.band === 'huge')).toBe(false);

    const olga = await as(stack, 'olga');
    const res = await olga.post(`/api/sync/factors/professional-travel/train?year=${YEAR}`, ['country,kg_co2eq_per_km,source', 'France,0.01,x', 'fr,0.01,x', 'XXX,0.01,x'].join('\n'), CSV);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const train = await jobRow(stack.server.pool, res.body.job_id);
    expect(train).toMatchObject({ result: 'ERROR' });
    const hint = 'must be an ISO 3166 two-letter country code in capitals, or RoW';
    expect(train.report.issues).toEqual([2, 3, 4].map((row) => ({ row, column: 'country', reason: hint, code: 'invalid_format', params: {}, level: 'error' })));
  });
});
