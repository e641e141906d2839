// The reads of Path 1 writes asked for in one round of the event loop go to the database as one
// statement, and each gets its own answer: its entry (only from its own module), its traveler
// (only from its own report's headcount), or nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds } from './support/carbon';
import { EntryReads } from '../src/domain/entries/entryReads';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

it('answers the reads of one round with one statement, each with its own row', async () => {
  const pool = stack.server.pool;
  const ids = await demoIds(pool);
  const C = ids.unit['CLIMATE-LAB']!;
  const alice = await as(stack, 'alice');
  await addMember(alice, C, 2025, 100001, 'Alice Martin');
  const trip = (await alice.post(`/api/modules/${C}/2025/professional-travel/plane`, { origin: 'GVA', destination: 'JFK', traveler_id: 100001 })).body;
  const { rows } = await pool.query(
    `SELECT m.id, m.module_type, r.id AS report_id, u.institutional_id FROM carbon_report_modules m
       JOIN carbon_reports r ON r.id = m.carbon_report_id JOIN units u ON u.id = r.unit_id WHERE r.year = 2025`,
  );
  const travel = rows.find((r) => r.institutional_id === 'CLIMATE-LAB' && r.module_type === 'professional_travel')!;
  const otherTravel = rows.find((r) => r.institutional_id !== 'CLIMATE-LAB' && r.module_type === 'professional_travel')!;

  let statements = 0;
  const counting = { query: (...args: Parameters<typeof pool.query>) => (statements++, pool.query(...args)) } as unknown as typeof pool;
  const reads = new EntryReads(counting);
  const answers = await Promise.all([
    reads.read({ entryId: trip.id, moduleId: travel.id, reportId: travel.report_id, personNumber: null }),
    reads.read({ entryId: trip.id, moduleId: otherTravel.id, reportId: otherTravel.report_id, personNumber: null }),
    reads.read({ entryId: null, moduleId: travel.id, reportId: travel.report_id, personNumber: 100001 }),
    reads.read({ entryId: null, moduleId: otherTravel.id, reportId: otherTravel.report_id, personNumber: 100001 }),
    reads.read({ entryId: 987654321, moduleId: travel.id, reportId: travel.report_id, personNumber: 424242 }),
  ]);
  expect(statements).toBe(1);
  expect(answers[0]!.entry).toMatchObject({ id: trip.id, data_entry_type: 'plane', data: { origin: 'GVA', traveler_name: 'Alice Martin' } });
  expect(answers[0]!.entry!.version).toMatch(/^\d+$/);
  expect(answers[0]!.traveler).toBeNull();
  expect(answers[1]).toEqual({ entry: null, traveler: null });
  expect(answers[2]).toEqual({ entry: null, traveler: { name: 'Alice Martin' } });
  expect(answers[3]).toEqual({ entry: null, traveler: null });
  expect(answers[4]).toEqual({ entry: null, traveler: null });

  // A read asked for in a later round is a statement of its own.
  await reads.read({ entryId: trip.id, moduleId: travel.id, reportId: travel.report_id, personNumber: null });
  expect(statements).toBe(2);
});
