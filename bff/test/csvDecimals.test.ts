// A file's decimal mark is found per number column, or declared by the upload (`decimal=`),
// never guessed row by row: a column of French amounts ("1.234,50", "1 234,5") is read with a
// decimal comma, its "1.234" as 1234; a column whose numbers are written both ways gets row
// errors naming the line that set its mark; a column whose only numbers read two ways ("1,234")
// is refused unless the upload declares its mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { as, demoIds, type DemoIds } from './support/carbon';
import { entriesOf, HEADCOUNT_HEADER, jobRow, moduleId, settled, upload } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;
const HEADER = 'description;category;amount;currency;purchase_date';

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
});
afterAll(async () => stack?.stop());

/** Uploads a purchases file (replacing the earlier ones), waits, and answers the job's row report
 * and the amounts stored, by description. */
async function purchases(rows: string[], decimal?: string) {
  const olga = await as(stack, 'olga');
  const unit = ids.unit['OCEAN-LAB']!;
  const res = await upload(olga, { module: 'purchases', type: 'purchase', year: YEAR, unit_id: unit, mode: 'replace', decimal }, [HEADER, ...rows].join('\n'));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settled(stack.server.pool);
  const job = await jobRow(stack.server.pool, res.body.job_id);
  const module = await moduleId(stack.server.pool, unit, YEAR, 'purchases');
  const stored = (await entriesOf(stack.server.pool, module, 'purchase')).filter((r) => r.source !== 'manual');
  const amounts = Object.fromEntries(stored.map((r) => [r.data.description as string, r.data.amount as number]));
  const issues = ((job.report?.issues ?? []) as { row: number; column: string; code: string; params: Record<string, unknown> }[]).map((i) => [i.row, i.column, i.code, i.params]);
  return { job, amounts, issues };
}

describe('decimal marks of a CSV file', () => {
  it('reads a column written with decimal commas and point or space groups that way, "1.234" as 1234', async () => {
    const { job, amounts, issues } = await purchases([
      'a;services;1.234,50;EUR;2025-03-01',
      'b;services;1 234,5;EUR;2025-03-01',
      'c;services;1.234;EUR;2025-03-01',
      'd;services;0,8;EUR;2025-03-01',
      'e;services;12;EUR;2025-03-01',
    ]);
    expect(issues).toEqual([]);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'SUCCESS' });
    expect(amounts).toEqual({ a: 1234.5, b: 1234.5, c: 1234, d: 0.8, e: 12 });
  });

  it('reads a cell that reads two ways by what a later line of its column shows', async () => {
    const { amounts, issues } = await purchases(['early;services;1,234;EUR;2025-03-01', 'later;services;2,5;EUR;2025-03-01']);
    expect(issues).toEqual([]);
    expect(amounts).toEqual({ early: 1.234, later: 2.5 });
  });

  it('refuses the cells of a column written with the other mark than the line that set it', async () => {
    const { job, amounts, issues } = await purchases([
      'comma;services;1,5;EUR;2025-03-01',
      'point;services;2.5;EUR;2025-03-01',
      'grouped;services;"1,234.5";EUR;2025-03-01',
    ]);
    expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
    expect(issues).toEqual([
      [3, 'amount', 'decimal_mark_mixed', { value: '2.5', mark: ',', line: 2 }],
      [4, 'amount', 'decimal_mark_mixed', { value: '1,234.5', mark: ',', line: 2 }],
    ]);
    expect(amounts).toEqual({ comma: 1.5 });
  });

  it('refuses a column whose only numbers read two ways, unless the upload declares the mark', async () => {
    const guessed = await purchases(['x;services;1,234;EUR;2025-03-01', 'y;services;12;EUR;2025-03-01']);
    expect(guessed.issues).toEqual([[2, 'amount', 'decimal_mark_ambiguous', { value: '1,234', point: '1234', comma: '1.234' }]]);
    expect(guessed.amounts).toEqual({ y: 12 });

    const point = await purchases(['x;services;1,234;EUR;2025-03-01', 'z;services;1,5;EUR;2025-03-01'], 'point');
    expect(point.amounts).toEqual({ x: 1234 });
    expect(point.issues).toEqual([[3, 'amount', 'decimal_mark_declared', { value: '1,5', mark: '.' }]]);

    const comma = await purchases(['x;services;1,234;EUR;2025-03-01'], 'comma');
    expect(comma.amounts).toEqual({ x: 1.234 });
  });

  it('reads a headcount file of French FTEs, and refuses an unknown declaration', async () => {
    const olga = await as(stack, 'olga');
    const unit = ids.unit['CLIMATE-LAB']!;
    const csv = [HEADCOUNT_HEADER.replaceAll(',', ';'), '610001;Virgule;0,8;Engineer', '610002;Point;1;Engineer'].join('\n');
    const res = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit }, csv);
    expect(res.status).toBe(202);
    await settled(stack.server.pool);
    const module = await moduleId(stack.server.pool, unit, YEAR, 'headcount');
    const fte = Object.fromEntries((await entriesOf(stack.server.pool, module, 'member')).map((r) => [r.data.user_institutional_id, r.data.fte]));
    expect(fte).toMatchObject({ 610001: 0.8, 610002: 1 });

    const refused = await upload(olga, { module: 'headcount', type: 'member', year: YEAR, unit_id: unit, decimal: 'virgule' }, csv);
    expect(refused.status).toBe(422);
  });
});
