// Path 2 CSV ingest: a headcount and a mixed travel file for a unit, through the real
// routes, job runner and database; what is stored, what is reported, and the stats afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, pipelineJobs, PLANE_HEADER, settled, TRAIN_HEADER, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
});
afterAll(async () => stack?.stop());

const headcount = [
  HEADCOUNT_HEADER,
  '300001,Ada Lovelace,1,Professor',
  '300002,"Grace Hopper, PhD",0.5,Postdoc',
  '300003,Émilie du Châtelet,0.8,',
].join('\r\n');

describe('csv_ingest of a headcount and a mixed travel file', () => {
  it('stores a headcount file (BOM, CRLF, quoted fields) and runs the chain to the aggregation', async () => {
    const alice = await as(stack, 'alice');
    const res = await upload(alice, { module: 'headcount', type: 'member', year: YEAR, unit_id: ids.unit['CLIMATE-LAB'] }, `\uFEFF${headcount}\r\n`);
    expect(res.status).toBe(202);
    expect(res.body.job_id).toBeGreaterThan(0);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'SUCCESS' });
    expect(job.report).toMatchObject({ rows: 3, stored: 3, skipped: 0 });
    const types = (await pipelineJobs(stack.server.pool, res.body.pipeline_id)).map((j) => j.job_type);
    expect(types).toEqual(['csv_ingest', 'emission_recalc', 'aggregation']);
    // The recalculation's total is what the ingest stored (passed along, not counted again).
    const { rows: recalc } = await stack.server.pool.query(`SELECT payload, progress FROM data_ingestion_jobs WHERE pipeline_id = $1 AND job_type = 'emission_recalc'`, [res.body.pipeline_id]);
    expect(recalc[0]).toMatchObject({ payload: { only_missing: true, stored: 3 }, progress: { done: 3, total: 3 } });
    const m = await moduleId(stack.server.pool, ids.unit['CLIMATE-LAB']!, YEAR, 'headcount');
    const rows = await entriesOf(stack.server.pool, m);
    expect(rows.map((r) => r.data.name)).toEqual(['Ada Lovelace', 'Grace Hopper, PhD', 'Émilie du Châtelet']);
    expect(rows.every((r) => r.source === 'csv' && r.emissions === 1)).toBe(true);
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'headcount');
    expect(s.module_stats.entries).toBe(3);
  });

  it('stores the valid travel rows linked with names and reports every other row with its reason (WARNING)', async () => {
    const alice = await as(stack, 'alice');
    const csv = [
      PLANE_HEADER,
      'GVA,JFK,economy,1,true,2025-03-01,300001', // 2 valid
      'ZRH,LHR,business,2,false,2025-04-01,300002', // 3 valid
      'CDG,JFK,economy,1,false,2025-05-01,999999', // 4 unknown person number
      'XXX,JFK,economy,1,false,2025-05-01,300001', // 5 unknown airport
      'GVA,LHR,economy,1,false,2025-13-45,300001', // 6 bad date
      'GVA,LHR,premium,1,false,2025-06-01,300001', // 7 wrong class
      'LHR,GVA,first,1,yes,2025-06-02,300003', // 8 valid
    ].join('\n');
    const res = await upload(alice, { module: 'professional-travel', type: 'plane', year: YEAR, unit_id: ids.unit['CLIMATE-LAB'] }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(job.report).toMatchObject({ rows: 7, stored: 3, skipped: 4, skipped_unknown_traveler: 1 });
    const byRow = Object.fromEntries((job.report.issues as { row: number; column: string; reason: string; level: string }[]).map((i) => [i.row, i]));
    expect(byRow[4]).toMatchObject({ column: 'person_number', level: 'warning' });
    expect(byRow[4]!.reason).toContain('999999');
    expect(byRow[5]).toMatchObject({ column: 'origin', level: 'error' });
    expect(byRow[5]!.reason).toContain('XXX');
    expect(byRow[6]).toMatchObject({ column: 'departure_date', level: 'error' });
    expect(byRow[7]).toMatchObject({ column: 'cabin_class', level: 'error' });

    const m = await moduleId(stack.server.pool, ids.unit['CLIMATE-LAB']!, YEAR, 'professional_travel');
    const rows = await entriesOf(stack.server.pool, m, 'plane');
    expect(rows.map((r) => [r.data.origin, r.data.traveler_id, r.data.traveler_name])).toEqual([
      ['GVA', 300001, 'Ada Lovelace'],
      ['ZRH', 300002, 'Grace Hopper, PhD'],
      ['LHR', 300003, 'Émilie du Châtelet'],
    ]);
    expect(rows.every((r) => r.emissions === 1)).toBe(true);
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(s.module_stats.entries).toBe(3);
    expect(Number(s.module_stats.kg_co2eq)).toBeCloseTo(s.module_kg, 6);
    expect(Number(s.report_stats.kg_co2eq)).toBeCloseTo(s.report_kg, 6);
    expect(s.module_kg).toBeGreaterThan(1000);
  });

  it('train rows with places and a semicolon file; replace mode replaces earlier CSV rows only', async () => {
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    const manual = await olga.post(`/api/modules/${unit}/${YEAR}/professional-travel/train`, { origin: 'Lausanne', destination: 'Paris', destination_country: 'FR', traveler_id: 300001 });
    expect(manual.status).toBe(201);
    const first = [TRAIN_HEADER.replaceAll(',', ';'), 'Lausanne;CH;Paris;FR;second;1;true;2025-02-01;300001', 'Zürich;;Munich;DE;first;2;false;2025-02-02;300002'].join('\n');
    const r1 = await upload(olga, { module: 'professional_travel', type: 'train', year: YEAR, unit_id: unit }, first);
    await settled(stack.server.pool);
    expect((await jobRow(stack.server.pool, r1.body.job_id)).result).toBe('SUCCESS');
    const m = await moduleId(stack.server.pool, unit, YEAR, 'professional_travel');
    expect((await entriesOf(stack.server.pool, m, 'train')).length).toBe(3);

    // What a replace would remove: the two CSV rows, not the manual one; planes are not trains.
    const countOf = async (type: string) => (await olga.get(`/api/sync/dispatch/replace-count?module=professional_travel&type=${type}&year=${YEAR}&unit_id=${unit}`)).body;
    expect(await countOf('train')).toEqual({ rows: 2 });
    const planes = (await entriesOf(stack.server.pool, m, 'plane')).filter((e) => e.source === 'csv').length;
    expect(await countOf('plane')).toEqual({ rows: planes });

    const second = [TRAIN_HEADER, 'Genève,CH,Zürich,CH,first,1,true,2025-03-03,300003'].join('\n');
    const r2 = await upload(olga, { module: 'professional_travel', type: 'train', year: YEAR, unit_id: unit, mode: 'replace' }, second);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, r2.body.job_id);
    expect(job.result).toBe('SUCCESS');
    expect(job.report).toMatchObject({ mode: 'replace', replaced: 2, stored: 1, rows: 1 });
    expect(job.status_message).toBe('2 earlier CSV rows removed, 1 of 1 rows added');
    expect(await countOf('train')).toEqual({ rows: 1 });
    const trains = await entriesOf(stack.server.pool, m, 'train');
    expect(trains.map((t) => [t.source, t.data.origin])).toEqual([
      ['manual', 'Lausanne'],
      ['csv', 'Genève'],
    ]);
    const s = await statsAndSums(stack.server.pool, ids.report[`CLIMATE-LAB/${YEAR}`]!, 'professional_travel');
    expect(s.module_stats.entries).toBe(s.module_entries);
    expect(Number(s.module_stats.kg_co2eq)).toBeCloseTo(s.module_kg, 6);
  });

  it('reports duplicate person numbers of a headcount file (in the file and against the module)', async () => {
    const olga = await as(stack, 'olga');
    const csv = [HEADCOUNT_HEADER, '300004,New Person,1,', '300004,Same Number,1,', '300001,Already There,1,'].join('\n');
    const res = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: ids.unit['CLIMATE-LAB'] }, csv);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job.result).toBe('WARNING');
    expect(job.report.issues.map((i: { row: number; column: string }) => [i.row, i.column])).toEqual([
      [3, 'user_institutional_id'],
      [4, 'user_institutional_id'],
    ]);
  });

  it('a multi-unit file (unit column) is back-office only and lands in each unit', async () => {
    const csv = [`unit_institutional_id,${HEADCOUNT_HEADER}`, 'OCEAN-LAB,400001,Ocean One,1,', 'CLIMATE-LAB,400002,Climate Two,1,', 'NOPE,400003,Nobody,1,'].join('\n');
    const alice = await as(stack, 'alice');
    expect((await upload(alice, { module: 'headcount', type: 'member', year: YEAR }, csv)).status).toBe(403);
    const olga = await as(stack, 'olga');
    const res = await upload(olga, { module: 'headcount', type: 'member', year: YEAR }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ result: 'WARNING', unit_id: null });
    expect(job.report.issues[0]).toMatchObject({ row: 4, column: 'unit_institutional_id' });
    const ocean = await moduleId(stack.server.pool, ids.unit['OCEAN-LAB']!, YEAR, 'headcount');
    expect((await entriesOf(stack.server.pool, ocean)).map((r) => r.data.name)).toEqual(['Ocean One']);
    const s = await statsAndSums(stack.server.pool, ids.report[`OCEAN-LAB/${YEAR}`]!, 'headcount');
    expect(s.module_stats.entries).toBe(1);
  });
});

describe('module status', () => {
  it('a validated module whose data a file changed is back in progress after the aggregation', async () => {
    const olga = await as(stack, 'olga');
    const report = ids.report[`OCEAN-LAB/${YEAR}`]!;
    const validated = await olga.patch(`/api/v1/carbon_reports/${report}/modules/headcount/status`, { status: 'validated' });
    expect(validated.status).toBe(200);
    expect(validated.body.status).toBe('validated');
    await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: ids.unit['OCEAN-LAB'] }, `${HEADCOUNT_HEADER}\n400009,Late Joiner,1,`);
    await settled(stack.server.pool);
    const r = await olga.get(`/api/v1/carbon_reports/${report}`);
    expect(r.body.modules.find((m: { module_type: string }) => m.module_type === 'headcount').status).toBe('in_progress');
    // A recalculation alone (no new data) leaves a validated module validated.
    await olga.patch(`/api/v1/carbon_reports/${report}/modules/headcount/status`, { status: 'validated' });
    await olga.post(`/api/sync/recalculate-emissions/headcount?year=${YEAR}&unit_id=${ids.unit['OCEAN-LAB']}`);
    await settled(stack.server.pool);
    const again = await olga.get(`/api/v1/carbon_reports/${report}`);
    expect(again.body.modules.find((m: { module_type: string }) => m.module_type === 'headcount').status).toBe('validated');
  });
});

describe('counting what a replace would remove', () => {
  const path = (q: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
    return `/api/sync/dispatch/replace-count?${params}`;
  };

  it('answers the principal of the unit and the back office, for one unit or every unit, and refuses the others', async () => {
    const pool = stack.server.pool;
    const [alice, bob, dan, olga] = [await as(stack, 'alice'), await as(stack, 'bob'), await as(stack, 'dan'), await as(stack, 'olga')];
    const climate = ids.unit['CLIMATE-LAB']!;
    const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: climate };
    const csvRows = async (unitId?: number) =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
             JOIN carbon_reports r ON r.id = m.carbon_report_id
            WHERE r.year = $1 AND m.module_type = 'headcount' AND e.data_entry_type = 'member' AND e.source = 'csv' AND ($2::bigint IS NULL OR r.unit_id = $2)`,
          [YEAR, unitId ?? null],
        )
      ).rows[0]!.n;
    const one = await alice.get(path(q));
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ rows: await csvRows(climate) });
    expect(one.body.rows).toBeGreaterThan(0);
    expect((await olga.get(path(q))).body).toEqual(one.body);
    expect((await olga.get(path({ ...q, unit_id: undefined }))).body).toEqual({ rows: await csvRows() });

    expect((await bob.get(path(q))).status).toBe(403);
    expect((await dan.get(path(q))).status).toBe(403);
    expect((await alice.get(path({ ...q, unit_id: undefined }))).status).toBe(403);
    expect((await alice.get(path({ ...q, unit_id: 999999 }))).status).toBe(404);
    expect((await alice.get(path({ ...q, year: 1999 }))).status).toBe(404);
    const bad = await alice.get(path({ ...q, type: 'bus' }));
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('has no data entry type bus');
    expect((await alice.get(path({ ...q, year: 'soon' }))).status).toBe(422);
    expect((await stack.client().get(path(q))).status).toBe(401);
  });
});

describe('dispatch requests', () => {
  it('answers 415, 422, 404 and 403 before reading a file, and a job id for a principal of the unit', async () => {
    const alice = await as(stack, 'alice');
    const bob = await as(stack, 'bob');
    const dan = await as(stack, 'dan');
    const unit = ids.unit['CLIMATE-LAB'];
    const q = { module: 'headcount', type: 'member', year: YEAR, unit_id: unit };
    const body = `${HEADCOUNT_HEADER}\n500001,X,1,`;
    expect((await alice.post('/api/sync/dispatch?module=headcount&type=member&year=2025&unit_id=' + unit, { a: 1 })).status).toBe(415);
    const bad = await upload(alice, { ...q, year: 'abc' }, body);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('year');
    expect((await upload(alice, { ...q, type: 'plane' }, body)).status).toBe(422);
    expect((await upload(alice, { ...q, mode: 'merge' }, body)).status).toBe(422);
    expect((await upload(alice, { ...q, unit_id: 999999 }, body)).status).toBe(404);
    expect((await upload(bob, q, body)).status).toBe(403);
    expect((await upload(dan, q, body)).status).toBe(403);
    const ok = await upload(alice, q, body);
    expect(ok.status).toBe(202);
    expect(typeof ok.body.pipeline_id).toBe('string');
    const seen = await alice.get(`/api/sync/jobs/${ok.body.job_id}`);
    expect(seen.status).toBe(200);
    await settled(stack.server.pool);
  });

  it('a file longer than one parser piece: a character outside the BMP across the cut, a quoted line break, and line numbers after it', async () => {
    const olga = await as(stack, 'olga');
    // The parser takes the text 64 Ki characters at a time (jobs/csv/readCsv.ts): the emoji's two
    // UTF-16 halves sit on either side of the first cut.
    const lines = [HEADCOUNT_HEADER, '310000,"Line\nBreak",1,'];
    let n = 1;
    const length = () => lines.join('\n').length + 1;
    while (length() < 65_535 - 120) lines.push(`${310_000 + n},Member ${n++},1,`);
    const id = String(310_000 + n++);
    const padded = `${'x'.repeat(65_535 - (length() + id.length + 1))}\u{1F600} across`;
    lines.push(`${id},${padded},1,`);
    expect(lines.join('\n').codePointAt(65_535)).toBe(0x1f600);
    lines.push(`${310_000 + n++},After The Cut,1,`, `${310_000 + n++},Bad Fte,abc,`);
    const res = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: ids.unit['CLIMATE-LAB'] }, `${lines.join('\n')}\n`);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    // A record's line is where it ends: the quoted break makes the second record end on line 3.
    expect(job.report).toMatchObject({ rows: lines.length - 1, stored: lines.length - 2, skipped: 1 });
    expect(job.report.issues.map((i: { row: number; column: string }) => [i.row, i.column])).toEqual([[lines.length + 1, 'fte']]);
    const m = await moduleId(stack.server.pool, ids.unit['CLIMATE-LAB']!, YEAR, 'headcount');
    const names = new Map((await entriesOf(stack.server.pool, m)).map((r) => [String(r.data.user_institutional_id), r.data.name]));
    expect(names.get('310000')).toBe('Line\nBreak');
    expect(names.get(id)).toBe(padded);
    expect(names.get(String(310_000 + n - 2))).toBe('After The Cut');
  });
});
