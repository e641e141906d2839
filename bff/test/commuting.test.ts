// The commuting survey end to end, with factors uploaded here and figures worked by hand.
// Each unit has 22 members, 20 FTE (18 full-time, 4 half-time); 6 of them answer (4 full-time,
// 2 half-time: 5 FTE), so the module's total is their emissions × 20 ÷ 5 = × 4, in the module's
// stats, the report's and the results alike. The same six responses entered on Path 1 (one unit)
// and uploaded on Path 2 (the other) give identical figures. A standard user answers, sees and
// changes only their own response.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import { ENTRY_TYPES } from '@carbon/shared';
import { ingestReport, jobRow, settled, tableCounts, upload, uploadFactorFile } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';
import type { TestClient } from './support/httpClient';

let stack: TestStack;
let ids: DemoIds;
let alice: TestClient;
let bob: TestClient;
let dan: TestClient;
let olga: TestClient;
const YEAR = 2025;
const CLIMATE = () => ids.unit['CLIMATE-LAB']!;
const OCEAN = () => ids.unit['OCEAN-LAB']!;
const reportOf = (unit: 'CLIMATE-LAB' | 'OCEAN-LAB') => ids.report[`${unit}/${YEAR}`]!;
const path = (unit: number, id?: number) => `/api/modules/${unit}/${YEAR}/commuting/commute${id ? `/${id}` : ''}`;
const FACTORS = 'mode,kg_co2eq_per_km,source\nwalk,0,test\nbike,0,test\nbus,0.1,test\ncar_petrol,0.2,test';
// A commute by train reads the train trips' set by the response's country; these responses give
// none, so they read its world average row (RoW), uploaded here at 0.04.
const TRAIN_FACTORS = 'country,kg_co2eq_per_km,source\nRoW,0.04,test';

/** The six responses, by person number offset, with their kg by hand (40 weeks each). */
const RESPONSES: { offset: number; data: Record<string, unknown>; kg: number }[] = [
  // 2 × 20 km × 5 days × 40 weeks = 8,000 km × 0.04
  { offset: 1, data: { mode: 'train', distance_km: 20, days_per_week: 5 }, kg: 320 },
  { offset: 2, data: { mode: 'bike', distance_km: 5, days_per_week: 5 }, kg: 0 },
  // 2 × 10 × 4 × 40 = 3,200 km × 0.2 ÷ 2 in the car
  { offset: 3, data: { mode: 'car_petrol', distance_km: 10, occupancy: 2, days_per_week: 4 }, kg: 320 },
  // 2 × 8 × 5 × 40 = 3,200 km × 0.1
  { offset: 4, data: { mode: 'bus', distance_km: 8, days_per_week: 5 }, kg: 320 },
  // train 3 days: 2 × 30 × 3 × 40 = 7,200 km × 0.04 = 288; bus 2 days: 2 × 5 × 2 × 40 = 800 km × 0.1 = 80
  { offset: 19, data: { mode: 'train', distance_km: 30, days_per_week: 5, second_mode: 'bus', second_distance_km: 5, second_days_per_week: 2 }, kg: 368 },
  { offset: 20, data: { mode: 'walk', distance_km: 2, days_per_week: 3 }, kg: 0 },
];
const RAW = 1328;
const EXTRAPOLATED = RAW * 4; // 5,312 kg
const BASIS = { responses: 6, anonymous: 0, respondents: 6, respondents_fte: 5, unit_fte: 20, unit_head_count: 22, basis: 'fte', factor: 4 };

const rounded = (o: unknown): unknown =>
  typeof o === 'number' ? Math.round(o * 1e6) / 1e6 : o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rounded(v)])) : o;

async function headcount(c: TestClient, unit: number, base: number) {
  for (let i = 1; i <= 22; i++) await addMember(c, unit, YEAR, base + i, `Person ${base + i}`, i <= 18 ? 1 : 0.5);
}

async function figures(unit: number, report: number) {
  const module = await olga.get(`/api/modules/${unit}/${YEAR}/commuting`);
  const rep = await olga.get(`/api/v1/carbon_reports/${report}`);
  const results = await olga.get(`/api/v1/carbon_reports/${report}/results`);
  expect([module.status, rep.status, results.status]).toEqual([200, 200, 200]);
  return { module: module.body.stats, report: rep.body.stats, results: results.body };
}

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  alice = await as(stack, 'alice');
  bob = await as(stack, 'bob');
  dan = await as(stack, 'dan');
  olga = await as(stack, 'olga');
  expect((await uploadFactorFile(olga, stack.server.pool, 'commuting', 'commute', YEAR, FACTORS)).result).toBe('SUCCESS');
  expect((await uploadFactorFile(olga, stack.server.pool, 'professional-travel', 'train', YEAR, TRAIN_FACTORS)).result).toBe('SUCCESS');
  await headcount(alice, CLIMATE(), 100000);
  await headcount(dan, OCEAN(), 200000);
}, 180_000);
afterAll(() => stack?.stop());

describe('commuting, with no response yet', () => {
  it('says so instead of a total: no response, no factor to extrapolate by', async () => {
    const { module, results } = await figures(OCEAN(), reportOf('OCEAN-LAB'));
    expect(module).toMatchObject({ kg_co2eq: 0, entries: 0, extrapolation: { responses: 0, basis: 'no_response', factor: null, unit_fte: 20 } });
    expect(results.by_module.commuting).toMatchObject({ kg_co2eq: 0, entries: 0, extrapolation: { basis: 'no_response' } });
  });
});

describe('commuting, Path 1: 6 responses out of 20 FTE', () => {
  const made: Record<number, number> = {};

  it('a standard user answers for himself only', async () => {
    const own = await bob.post(path(CLIMATE()), { ...RESPONSES[1]!.data, weeks_per_year: 40, traveler_id: 100002 });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body).toMatchObject({ traveler_id: 100002, traveler_name: 'Person 100002', kg_co2eq: 0 });
    made[2] = own.body.id;
    const forColleague = await bob.post(path(CLIMATE()), { ...RESPONSES[0]!.data, weeks_per_year: 40, traveler_id: 100001 });
    expect(forColleague.status).toBe(403);
  });

  it('the principal enters the others’ responses; an unknown person number or too many second-mode days is a 422 that changes nothing', async () => {
    for (const r of RESPONSES.filter((x) => x.offset !== 2)) {
      const res = await alice.post(path(CLIMATE()), { ...r.data, weeks_per_year: 40, traveler_id: 100000 + r.offset });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.kg_co2eq).toBeCloseTo(r.kg, 9);
      made[r.offset] = res.body.id;
    }
    const before = await tableCounts(stack.server.pool);
    const unknown = await alice.post(path(CLIMATE()), { mode: 'bus', distance_km: 3, days_per_week: 5, traveler_id: 100099 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'traveler_id', code: 'traveler_not_in_headcount' });
    const days = await alice.post(path(CLIMATE()), { mode: 'bus', distance_km: 3, days_per_week: 2, second_mode: 'bike', second_distance_km: 1, second_days_per_week: 3, traveler_id: 100005 });
    expect(days.status).toBe(422);
    expect(days.body.detail).toBeTruthy();
    expect(days.body.errors).toContainEqual(expect.objectContaining({ field: 'second_days_per_week', code: 'not_above_field', params: { other: 'days_per_week', maximum: 2 } }));
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });

  it('the module, the report and the results all show the respondents’ 1,328 kg × 20 FTE ÷ 5 FTE = 5,312 kg', async () => {
    const f = await figures(CLIMATE(), reportOf('CLIMATE-LAB'));
    expect(rounded(f.module)).toMatchObject({
      kg_co2eq: EXTRAPOLATED,
      entries: 6,
      without_factor: 0,
      by_type: { commute: { kg_co2eq: EXTRAPOLATED, entries: 6 } },
      by_scope: { 1: 0, 2: 0, 3: EXTRAPOLATED },
      by_category: { employee_commuting: EXTRAPOLATED },
      extrapolation: BASIS,
    });
    expect(rounded(f.report)).toMatchObject({ kg_co2eq: EXTRAPOLATED, by_module: { commuting: { kg_co2eq: EXTRAPOLATED, entries: 6 } }, by_scope: { 3: EXTRAPOLATED }, by_category: { employee_commuting: EXTRAPOLATED }, fte: 20 });
    expect(f.report.kg_co2eq_per_fte).toBeCloseTo(EXTRAPOLATED / 20, 6);
    expect(rounded(f.results)).toMatchObject({
      total: { kg_co2eq: EXTRAPOLATED },
      by_module: { commuting: { kg_co2eq: EXTRAPOLATED, entries: 6, extrapolation: BASIS } },
      by_type: { commute: { kg_co2eq: EXTRAPOLATED } },
      by_scope: { 3: { kg_co2eq: EXTRAPOLATED } },
      by_category: { employee_commuting: { kg_co2eq: EXTRAPOLATED } },
    });
    expect(f.results.kg_co2eq_per_fte).toBeCloseTo(EXTRAPOLATED / 20, 6);
    // So do the uncertainty ranges (the test factors state none: all of it uncovered, and ranged
    // in the commute set's default class, medium 30 %).
    const u = (await olga.get(`/api/v1/carbon_reports/${reportOf('CLIMATE-LAB')}/uncertainty`)).body;
    expect(rounded(u.by_module.commuting)).toMatchObject({ kg_co2eq: EXTRAPOLATED, uncovered_kg: EXTRAPOLATED, uncovered_by_class: { medium: EXTRAPOLATED } });
    // The emissions export: the respondents' rows, then what the extrapolation adds, summing to the total.
    const csv = (await olga.get(`/api/v1/carbon_reports/${reportOf('CLIMATE-LAB')}/emissions.csv`)).body as unknown as string;
    const lines = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    const commute = lines.filter((l) => l.module === 'commuting');
    expect(commute.filter((l) => l.entry_source === 'extrapolation')).toEqual([expect.objectContaining({ scope: '3', category: 'employee_commuting' })]);
    expect(commute.reduce((sum, l) => sum + (l.kg_co2eq ? Number(l.kg_co2eq) : 0), 0)).toBeCloseTo(EXTRAPOLATED, 6);
    expect(lines.reduce((sum, l) => sum + (l.kg_co2eq ? Number(l.kg_co2eq) : 0), 0)).toBeCloseTo(f.report.kg_co2eq, 6);
    // The institution roll-up reads the same total.
    const rollup = (await olga.get(`/api/v1/rollup?year=${YEAR}`)).body.find((u: { unit_id: number }) => u.unit_id === CLIMATE());
    expect(rounded(rollup)).toMatchObject({ kg_co2eq: EXTRAPOLATED, by_scope: { 3: EXTRAPOLATED }, fte: 20 });
  });

  it('a standard user sees only his own response: not a colleague’s (403), not the module’s totals, not the results', async () => {
    const list = await bob.get(path(CLIMATE()));
    expect(list.status).toBe(200);
    const rows = list.body.items ?? list.body.entries ?? list.body;
    expect(rows.map((r: { traveler_id: number }) => r.traveler_id)).toEqual([100002]);
    expect((await bob.get(path(CLIMATE(), made[1]))).status).toBe(403);
    expect((await bob.patch(path(CLIMATE(), made[1]), { distance_km: 1 })).status).toBe(403);
    expect((await bob.delete(path(CLIMATE(), made[1]))).status).toBe(403);
    expect((await bob.get(`/api/modules/${CLIMATE()}/${YEAR}/commuting`)).body.stats).toBeNull();
    expect((await bob.get(`/api/v1/carbon_reports/${reportOf('CLIMATE-LAB')}/results`)).status).toBe(403);
    const own = await bob.get(`/api/v1/carbon_reports/${reportOf('CLIMATE-LAB')}/own`);
    expect(own.body.by_module.commuting).toEqual({ kg_co2eq: 0, entries: 1, not_configured: 0 });
    expect(own.body.unit_kg_co2eq_per_fte).toBeCloseTo(EXTRAPOLATED / 20, 6);
  });

  it('he changes his own response (now 10 km by bus: 4,000 km × 0.1 = 400 kg) and deletes it', async () => {
    const changed = await bob.patch(path(CLIMATE(), made[2]), { mode: 'bus', distance_km: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body.kg_co2eq).toBeCloseTo(400, 9);
    expect((await figures(CLIMATE(), reportOf('CLIMATE-LAB'))).module.kg_co2eq).toBeCloseTo((RAW + 400) * 4, 6);
    expect((await bob.delete(path(CLIMATE(), made[2]))).status).toBe(204);
    // 5 respondents, 4 FTE: 1,328 kg × 20 ÷ 4.
    const m = (await figures(CLIMATE(), reportOf('CLIMATE-LAB'))).module;
    expect(m.kg_co2eq).toBeCloseTo(RAW * 5, 6);
    expect(m.extrapolation).toMatchObject({ responses: 5, respondents_fte: 4, factor: 5 });
    const back = await bob.post(path(CLIMATE()), { ...RESPONSES[1]!.data, weeks_per_year: 40, traveler_id: 100002 });
    expect(back.status).toBe(201);
  });
});

describe('commuting, Path 2: the same responses uploaded', () => {
  it('a CSV with the six responses and two bad rows: each bad row reported, the stats identical to Path 1', async () => {
    const header = 'mode,distance_km,occupancy,days_per_week,weeks_per_year,second_mode,second_distance_km,second_days_per_week,person_number';
    const csv = (r: (typeof RESPONSES)[number]) => {
      const d = r.data;
      const v = (k: string) => (d[k] === undefined ? '' : String(d[k]));
      return [v('mode'), v('distance_km'), v('occupancy'), v('days_per_week'), '40', v('second_mode'), v('second_distance_km'), v('second_days_per_week'), String(200000 + r.offset)].join(',');
    };
    const lines = [header, ...RESPONSES.map(csv), 'bus,3,,5,40,,,,200099', 'bus,3,,2,40,bike,1,3,200005'];
    const report = await ingestReport(dan, stack.server.pool, { module: 'commuting', type: 'commute', year: YEAR, unit_id: OCEAN() }, lines);
    expect(report).toMatchObject({ rows: 8, stored: 6, skipped: 2 });
    expect(report.issues).toEqual([
      [8, 'person_number'],
      [9, 'second_days_per_week'],
    ]);
    const ocean = await figures(OCEAN(), reportOf('OCEAN-LAB'));
    const climate = await figures(CLIMATE(), reportOf('CLIMATE-LAB'));
    expect(rounded(ocean.module)).toEqual(rounded(climate.module));
    expect(rounded(ocean.report.by_module.commuting)).toEqual(rounded(climate.report.by_module.commuting));
    expect(rounded(ocean.results.by_module.commuting)).toEqual(rounded(climate.results.by_module.commuting));
    expect(ocean.module.kg_co2eq).toBeCloseTo(EXTRAPOLATED, 6);
  });
});

describe('commuting, anonymous responses where the unit takes them', () => {
  const setting = (c: TestClient, on: boolean) => c.patch(`/api/v1/carbon_reports/${reportOf('OCEAN-LAB')}/modules/commuting/anonymous_responses`, { anonymous_responses: on });

  it('only those who may edit every response switch it: a standard user or another unit’s principal gets 403; a module that is no survey 404', async () => {
    expect((await setting(bob, true)).status).toBe(403);
    expect((await setting(alice, true)).status).toBe(403);
    const travel = await dan.patch(`/api/v1/carbon_reports/${reportOf('OCEAN-LAB')}/modules/professional-travel/anonymous_responses`, { anonymous_responses: true });
    expect(travel.status).toBe(404);
    expect((await setting(dan, 'yes' as unknown as boolean)).status).toBe(422);
    expect((await dan.get(`/api/modules/${OCEAN()}/${YEAR}/commuting`)).body.anonymous_responses).toBe(false);
  });

  it('off: a response naming nobody is refused (422 on Path 1, a row error in a file)', async () => {
    const res = await dan.post(path(OCEAN()), { mode: 'bus', distance_km: 5, days_per_week: 5, weeks_per_year: 40 });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'traveler_id', code: 'traveler_required' });
  });

  it('on: anonymous responses are stored, each counting 1 FTE: 8 responses, 7 FTE answered, × 20 ÷ 7', async () => {
    const on = await setting(dan, true);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ module_type: 'commuting', anonymous_responses: true });
    // The switch is on the audit trail (the refused attempts above left no line).
    const { rows: audit } = await stack.server.pool.query(`SELECT actor_id, unit_id, details FROM audit_log WHERE action = 'survey_anonymity'`);
    expect(audit).toEqual([{ actor_id: expect.any(Number), unit_id: OCEAN(), details: { report_id: reportOf('OCEAN-LAB'), module: 'commuting', year: YEAR, anonymous_responses: true } }]);
    // 2 × 5 × 5 × 40 = 2,000 km × 0.1 = 200 kg
    const res = await dan.post(path(OCEAN()), { mode: 'bus', distance_km: 5, days_per_week: 5, weeks_per_year: 40 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.traveler_id ?? null).toBeNull();
    expect(res.body.kg_co2eq).toBeCloseTo(200, 9);
    // 2 × 10 × 2 × 40 = 1,600 km × 0.04 = 64 kg
    const report = await ingestReport(dan, stack.server.pool, { module: 'commuting', type: 'commute', year: YEAR, unit_id: OCEAN() }, [
      'mode,distance_km,days_per_week,weeks_per_year,person_number',
      'train,10,2,40,',
      'train,10,2,40,200099',
    ]);
    expect(report).toMatchObject({ rows: 2, stored: 1, skipped: 1 });
    const m = (await figures(OCEAN(), reportOf('OCEAN-LAB'))).module;
    expect(m.extrapolation).toMatchObject({ responses: 8, anonymous: 2, respondents: 8, respondents_fte: 7, unit_fte: 20, basis: 'fte' });
    expect(m.kg_co2eq).toBeCloseTo(((RAW + 200 + 64) * 20) / 7, 6);
  });

  it('the roll-up, which reads every report of the year at once, extrapolates each unit by its own basis', async () => {
    const rollup = (await olga.get(`/api/v1/rollup?year=${YEAR}`)).body as { unit_id: number; kg_co2eq: number }[];
    const kg = (unit: number) => rollup.find((u) => u.unit_id === unit)?.kg_co2eq;
    const { module: climate } = await figures(CLIMATE(), reportOf('CLIMATE-LAB'));
    const { module: ocean, report } = await figures(OCEAN(), reportOf('OCEAN-LAB'));
    expect(climate.extrapolation.factor).toBeCloseTo(4, 9);
    expect(ocean.extrapolation.factor).toBeCloseTo(20 / 7, 9);
    expect(kg(OCEAN())).toBeCloseTo(report.kg_co2eq, 6);
    expect(kg(OCEAN())! - kg(CLIMATE())!).toBeCloseTo(ocean.kg_co2eq - climate.kg_co2eq, 6);
  });
});

describe('commuting, the basis follows the headcount', () => {
  it('a respondent’s FTE changed and a member added on Path 1 move the multiplier at once', async () => {
    const { rows } = await stack.server.pool.query<{ id: number }>(
      `SELECT e.id::int FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
        WHERE m.carbon_report_id = $1 AND e.data_entry_type = 'member' AND e.data ->> 'user_institutional_id' = '200001'`,
      [reportOf('OCEAN-LAB')],
    );
    const half = await dan.patch(`/api/modules/${OCEAN()}/${YEAR}/headcount/member/${rows[0]!.id}`, { fte: 0.5 });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    await addMember(dan, OCEAN(), YEAR, 200023, 'Person 200023', 1);
    // 23 members, 20.5 FTE; the 8 responses now stand for 6.5 FTE.
    const m = (await figures(OCEAN(), reportOf('OCEAN-LAB'))).module;
    expect(m.extrapolation).toMatchObject({ responses: 8, respondents: 8, respondents_fte: 6.5, unit_fte: 20.5, unit_head_count: 23, basis: 'fte' });
    expect(m.kg_co2eq).toBeCloseTo(((RAW + 200 + 64) * 20.5) / 6.5, 6);
  });
});

describe('commuting, one response per person and year', () => {
  const HEADER = 'mode,distance_km,occupancy,days_per_week,weeks_per_year,second_mode,second_distance_km,second_days_per_week,person_number';
  const responsesOf = async (unit: number, personNumber: number) =>
    (
      await stack.server.pool.query<{ id: number; distance_km: number }>(
        `SELECT e.id::int, (e.data ->> 'distance_km')::numeric::float8 AS distance_km FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
          JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = $2 AND e.data_entry_type = 'commute' AND e.data ->> 'traveler_id' = $3`,
        [unit, YEAR, String(personNumber)],
      )
    ).rows;

  it('a second response of the same person is refused (422 naming the respondent), whoever sends it; the first stays', async () => {
    const before = await tableCounts(stack.server.pool);
    const again = await bob.post(path(CLIMATE()), { mode: 'bus', distance_km: 3, days_per_week: 5, traveler_id: 100002 });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'already_answered', errors: [{ field: 'traveler_id', code: 'already_answered', params: {} }] });
    expect(again.body.detail).toMatch(/already answered .*edit/i);
    const forHim = await alice.post(path(CLIMATE()), { mode: 'bus', distance_km: 3, days_per_week: 5, traveler_id: 100002 });
    expect(forHim.status).toBe(422);
    expect(forHim.body).toMatchObject({ code: 'response_exists', errors: [{ field: 'traveler_id', code: 'response_exists', params: { personNumber: 100002 } }] });
    // Moving another person's response onto him is refused alike.
    const [other] = await responsesOf(CLIMATE(), 100003);
    const moved = await alice.patch(path(CLIMATE(), other!.id), { traveler_id: 100002 });
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'response_exists', params: { personNumber: 100002 } });
    expect(await tableCounts(stack.server.pool)).toEqual(before);
    expect(await responsesOf(CLIMATE(), 100002)).toHaveLength(1);
  });

  it('creates for one person sent at once: exactly one is stored, and counted', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => alice.post(path(CLIMATE()), { mode: 'bus', distance_km: 1 + i, days_per_week: 5, traveler_id: 100005 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'response_exists')).toBe(true);
    expect(await responsesOf(CLIMATE(), 100005)).toHaveLength(1);
    const m = (await figures(CLIMATE(), reportOf('CLIMATE-LAB'))).module;
    expect(m.extrapolation).toMatchObject({ responses: 7, respondents: 7 });
  });

  it('a file: a row of someone who already answered, and the second of two rows of one person, are row errors; the other rows are stored', async () => {
    const res = await upload(alice, { module: 'commuting', type: 'commute', year: YEAR, unit_id: CLIMATE() }, [
      HEADER,
      'bus,3,,5,40,,,,100002',
      'bus,4,,5,40,,,,100006',
      'bus,5,,5,40,,,,100006',
      'train,10,,2,40,,,,100007',
    ].join('\n'));
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING', report: { rows: 4, stored: 2, skipped: 2 } });
    expect(job.report.issues).toEqual([
      expect.objectContaining({ row: 2, column: 'person_number', code: 'response_exists', params: { personNumber: 100002 }, level: 'error' }),
      expect.objectContaining({ row: 4, column: 'person_number', code: 'person_number_in_file', params: { personNumber: 100006, line: 3 }, level: 'error' }),
    ]);
    expect((await responsesOf(CLIMATE(), 100006)).map((r) => r.distance_km)).toEqual([4]);
    expect(await responsesOf(CLIMATE(), 100007)).toHaveLength(1);
    expect(await responsesOf(CLIMATE(), 100002)).toHaveLength(1);
  });

  it('a file whose every row answers again stores nothing', async () => {
    const before = await tableCounts(stack.server.pool);
    const res = await upload(alice, { module: 'commuting', type: 'commute', year: YEAR, unit_id: CLIMATE() }, [HEADER, 'bus,3,,5,40,,,,100006', 'bus,3,,5,40,,,,100007'].join('\n'));
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    expect(await jobRow(stack.server.pool, res.body.job_id)).toMatchObject({ state: 'FINISHED', result: 'ERROR' });
    expect(await tableCounts(stack.server.pool)).toEqual(before);
  });

  it('responses naming nobody are not concerned, where the unit takes them: any number of them', async () => {
    for (let i = 0; i < 2; i++) expect((await dan.post(path(OCEAN()), { mode: 'walk', distance_km: 1, days_per_week: 5, weeks_per_year: 40 })).status).toBe(201);
  });

  it('the database holds a unique index on the person number for every entry type that takes one row per person', async () => {
    const types = Object.values(ENTRY_TYPES).filter((t) => t.onePerPerson);
    expect(types.map((t) => t.type)).toContain('commute');
    const { rows } = await stack.server.pool.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'data_entries' AND indexdef LIKE 'CREATE UNIQUE INDEX%'`);
    for (const t of types) {
      expect(rows.some((r) => r.def.includes(`'${t.type}'`) && r.def.includes(`'${t.traveler!.idField}'`)), t.type).toBe(true);
    }
  });
});
