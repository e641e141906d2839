// De-duplicated aggregation and module events: ten concurrent recalculations of one
// module end in one aggregation after them, with exact stats; the module is "recalculating"
// from the first job of a pipeline until its aggregation has finished, and the last event
// carries the fresh stats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import { SseClient } from './support/sse';
import { HEADCOUNT_HEADER, PLANE_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  const unit = ids.unit['CLIMATE-LAB'];
  await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit }, [HEADCOUNT_HEADER, '700001,Ida,1,', '700002,Jon,0.5,'].join('\n'));
  await settled(stack.server.pool);
  const trips = Array.from({ length: 40 }, (_, i) => `${['GVA', 'ZRH', 'CDG', 'LHR'][i % 4]},JFK,economy,${1 + (i % 3)},${i % 2 === 0},2025-05-0${1 + (i % 9)},${700001 + (i % 2)}`);
  await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: unit }, [PLANE_HEADER, ...trips].join('\n'));
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

describe('aggregation de-duplication', () => {
  it('10 concurrent recalculations of a module → one aggregation after all of them; stats exact', async () => {
    const pool = stack.server.pool;
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    const mark = (await pool.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM data_ingestion_jobs')).rows[0]!.id;
    // Break the stored stats first: only a real aggregation puts them right again.
    await pool.query(`UPDATE carbon_report_modules m SET stats = '{}' FROM carbon_reports r WHERE r.id = m.carbon_report_id AND r.unit_id = $1 AND r.year = $2`, [unit, YEAR]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => olga.post(`/api/sync/recalculate-emissions/professional-travel/plane?year=${YEAR}&unit_id=${unit}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    expect(new Set(answers.map((a) => a.body.pipeline_id)).size).toBe(10);
    await settled(pool);

    const { rows: jobs } = await pool.query(`SELECT id, job_type, state, result, started_at, finished_at, pipeline_id FROM data_ingestion_jobs WHERE id > $1 ORDER BY id`, [mark]);
    const recalcs = jobs.filter((j) => j.job_type === 'emission_recalc');
    const aggregations = jobs.filter((j) => j.job_type === 'aggregation');
    expect(recalcs).toHaveLength(10);
    expect(recalcs.every((j) => j.result === 'SUCCESS')).toBe(true);
    const lastRecalc = Math.max(...recalcs.map((j) => j.finished_at.getTime()));
    // Exactly one aggregation ran after the last recalculation (the hold lets them share it).
    expect(aggregations.filter((a) => a.started_at.getTime() >= lastRecalc)).toHaveLength(1);
    expect(aggregations.length).toBeLessThanOrEqual(2);
    const s = await statsAndSums(pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(s.module_stats.entries).toBe(40);
    expect(Number(s.module_stats.kg_co2eq)).toBeCloseTo(s.module_kg, 6);
    expect(Number(s.report_stats.kg_co2eq)).toBeCloseTo(s.report_kg, 6);
  });

  it('module events: recalculating from the first job until the aggregation finished, fresh stats at the end', async () => {
    const olga = await as(stack, 'olga');
    const alice = await as(stack, 'alice');
    const bob = await as(stack, 'bob');
    const unit = ids.unit['CLIMATE-LAB']!;
    const sse = await SseClient.open(alice);
    const sseBob = await SseClient.open(bob);
    await sse.waitFor((e) => e.event === 'snapshot');
    const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: unit }, [PLANE_HEADER, 'GVA,LHR,economy,1,false,2025-07-01,700001'].join('\n'));
    const pipeline = res.body.pipeline_id as string;
    const end = await sse.waitFor((e) => e.event === 'module' && e.data.pipeline_id === pipeline && e.data.recalculating === false, 15_000, 'the end of the pipeline');
    const mine = sse.events.filter((e) => e.event === 'module' && e.data.pipeline_id === pipeline && e.data.module === 'professional_travel');
    // Every event before the last says "recalculating"; the last comes from the aggregation.
    expect(mine.slice(0, -1).every((e) => e.data.recalculating)).toBe(true);
    expect(mine.at(-1)).toBe(end);
    expect(mine.map((e) => e.data.phase.split(':')[0])).toContain('emission_recalc');
    const jobsSeen = sse.events.filter((e) => e.event === 'job' && e.data.pipeline_id === pipeline).map((e) => `${e.data.job_type}:${e.data.state}`);
    expect(jobsSeen.at(-1)).toBe('aggregation:FINISHED');
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(end.data.stats.module.entries).toBe(41);
    expect(Number(end.data.stats.module.kg_co2eq)).toBeCloseTo(s.module_kg, 6);
    expect(Number(end.data.stats.report.kg_co2eq)).toBeCloseTo(s.report_kg, 6);
    // A standard user sees the badge but not the module's totals.
    const bobEnd = await sseBob.waitFor((e) => e.event === 'module' && e.data.pipeline_id === pipeline && e.data.recalculating === false);
    expect(bobEnd.data.stats).toBeUndefined();
    sse.close();
    sseBob.close();
    await settled(stack.server.pool);
  });

  it('the module summary names the pipeline at work on a module, and none once it is done', async () => {
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    const path = `/api/modules/${unit}/${YEAR}/professional-travel`;
    expect((await olga.get(path)).body.active_pipeline_id).toBeNull();
    // A recalculation that is not due yet: waiting, so the module is being recalculated.
    const { rows } = await stack.server.pool.query<{ id: number; pipeline_id: string }>(
      `INSERT INTO data_ingestion_jobs (job_type, entity_type, target, module_type, data_entry_type, unit_id, year, run_after)
       VALUES ('emission_recalc', 'MODULE_UNIT_SPECIFIC', 'DATA_ENTRIES', 'professional_travel', 'plane', $1, $2, now() + interval '1 hour')
       RETURNING id, pipeline_id`,
      [unit, YEAR],
    );
    expect((await olga.get(path)).body.active_pipeline_id).toBe(rows[0]!.pipeline_id);
    expect((await olga.get(`/api/modules/${unit}/${YEAR}/headcount`)).body.active_pipeline_id).toBeNull();
    await stack.server.pool.query(`UPDATE data_ingestion_jobs SET run_after = now() WHERE id = $1`, [rows[0]!.id]);
    stack.server.jobs.runner.fire(rows[0]!.id);
    await settled(stack.server.pool);
    expect((await olga.get(path)).body.active_pipeline_id).toBeNull();
  });
});
