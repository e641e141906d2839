// The CSV ingest's row report comes straight from the validation and the domain rules (the
// create schema, the traveler rule, location resolution): each field issue becomes a line of the
// report with its column and level. A failure that is no field issue (here: the database losing
// a table mid-job) is not turned into a row issue: the job fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, PLANE_HEADER, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const olga = await as(stack, 'olga');
  const headcount = [HEADCOUNT_HEADER, '300001,Ada Lovelace,1,Professor', '300002,Grace Hopper,0.5,Postdoc'].join('\n');
  await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: ids.unit['OCEAN-LAB'] }, headcount);
  await settled(stack.server.pool);
});
afterAll(async () => stack?.stop());

describe('row issues of a travel file', () => {
  it('reports every invalid column of a row, each rule with its own level, in the order of the file', async () => {
    const olga = await as(stack, 'olga');
    const csv = [
      PLANE_HEADER,
      'GVA,JFK,premium,0,maybe,2025-13-45,300001', // 2: four invalid columns
      'XXX,XQZ,economy,1,false,2025-05-01,300001', // 3: two unknown airports
      'GVA,JFK,economy,1,false,2025-05-01,', // 4: no traveler at all
      'GVA,JFK,economy,1,false,2025-05-01,999999', // 5: a person number outside the headcount
      'GVA,GVA,economy,1,false,2025-05-01,300001', // 6: the same airport at both ends
      'ZRH,LHR,business,1,true,2025-04-01,300002', // 7: valid
    ].join('\n');
    const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: ids.unit['OCEAN-LAB'] }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(job.report).toMatchObject({ rows: 6, stored: 1, skipped: 5, skipped_invalid: 4, skipped_unknown_traveler: 1, issues_total: 9 });

    const issues = job.report.issues as { row: number; column: string | null; reason: string; level: string }[];
    expect(issues.map((i) => [i.row, i.column, i.level])).toEqual([
      [2, 'cabin_class', 'error'],
      [2, 'number_of_trips', 'error'],
      [2, 'round_trip', 'error'],
      [2, 'departure_date', 'error'],
      [3, 'origin', 'error'],
      [3, 'destination', 'error'],
      [4, 'person_number', 'error'],
      [5, 'person_number', 'warning'],
      [6, 'destination', 'error'],
    ]);
    expect(issues.every((i) => i.reason.length > 0)).toBe(true);
    expect(issues.filter((i) => i.row === 3).map((i) => i.reason)).toEqual(['unknown airport code XXX', 'unknown airport code XQZ']);
    expect(issues.find((i) => i.row === 4)!.reason).toBe('is required (or, deprecated, traveler_name)');
    expect(issues.find((i) => i.row === 5)!.reason).toBe(`The traveler's person number 999999 was not found in this unit's headcount for ${YEAR}.`);
    expect(issues.find((i) => i.row === 6)!.reason).toBe('must differ from origin');

    const module = await moduleId(stack.server.pool, ids.unit['OCEAN-LAB']!, YEAR, 'professional_travel');
    const stored = await entriesOf(stack.server.pool, module, 'plane');
    expect(stored.map((r) => [r.data.origin, r.data.traveler_id, r.data.traveler_name])).toEqual([['ZRH', 300002, 'Grace Hopper']]);
  });

  it('refuses rows dated outside the year of the file, with the same message as the form', async () => {
    const olga = await as(stack, 'olga');
    const csv = [
      PLANE_HEADER,
      'GVA,JFK,economy,1,false,2019-06-01,300001', // 2: another year
      'GVA,JFK,economy,1,false,2025-01-01,300001', // 3: first day
      'GVA,JFK,economy,1,false,2025-12-31,300002', // 4: last day
      'GVA,JFK,economy,1,false,2026-01-01,300002', // 5: the day after
      'GVA,JFK,economy,1,false,,300002', // 6: no date
    ].join('\n');
    const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: ids.unit['OCEAN-LAB'], mode: 'append' }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const job = await jobRow(stack.server.pool, res.body.job_id);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(job.report).toMatchObject({ rows: 5, stored: 3, skipped: 2, skipped_invalid: 2 });
    expect(job.report.issues).toEqual([
      { row: 2, column: 'departure_date', reason: 'must be a date in 2025, the year of the report', code: 'date_outside_report_year', params: { year: 2025 }, level: 'error' },
      { row: 5, column: 'departure_date', reason: 'must be a date in 2025, the year of the report', code: 'date_outside_report_year', params: { year: 2025 }, level: 'error' },
    ]);
  });

  it('fails the job, without a row report, when something other than the rows goes wrong', async () => {
    const pool = stack.server.pool;
    const module = await moduleId(pool, ids.unit['OCEAN-LAB']!, YEAR, 'professional_travel');
    const before = (await entriesOf(pool, module)).length;
    // Airports this process has not resolved yet, so the job must read the locations table.
    const csv = [PLANE_HEADER, 'NRT,SYD,economy,1,false,2025-05-01,300001', 'HND,SYD,economy,1,false,2025-05-01,300002'].join('\n');
    await pool.query('ALTER TABLE locations RENAME TO locations_away');
    try {
      const olga = await as(stack, 'olga');
      const res = await upload(olga, { module: 'professional_travel', type: 'plane', year: YEAR, unit_id: ids.unit['OCEAN-LAB'] }, csv);
      expect(res.status).toBe(202);
      // Every attempt fails the same way; after the last one the job ends in ERROR.
      await settled(pool);
      const job = await jobRow(pool, res.body.job_id);
      expect(job).toMatchObject({ state: 'FINISHED', result: 'ERROR', attempts: job.max_attempts });
      expect(job.status_message).toContain('relation "locations" does not exist');
      expect(job.report).toBeNull();
    } finally {
      await pool.query('ALTER TABLE locations_away RENAME TO locations');
    }
    expect((await entriesOf(pool, module)).length).toBe(before);
  });
});
