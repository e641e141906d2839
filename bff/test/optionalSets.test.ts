// A factor set the registry marks optional (members' per-FTE estimates) is empty by design: while the year has no row of it, its entries add nothing (0 kg,
// marked not configured), the module and the report are not "incomplete", and the module does not
// name the set among those to upload or carry over. Once an operator uploads rows, the entries get
// their figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import { uploadFactorFile } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const YEAR = 2025;

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
}, 120_000);
afterAll(async () => stack?.stop());

describe('optional factor sets', () => {
  it('without a row for the year: members add 0 kg, not configured, and nothing is incomplete', async () => {
    const alice = await as(stack, 'alice');
    const unit = ids.unit['CLIMATE-LAB']!;
    const member = await addMember(alice, unit, YEAR, 100001, 'Alice Martin', 0.8);
    expect(member.kg_co2eq).toBe(0);
    expect(member.emissions).toEqual([expect.objectContaining({ kg_co2eq: 0, quantity: 0.8, meta: expect.objectContaining({ not_configured: true }) })]);
    expect(member.emissions[0].meta.reason).toBeUndefined();
    // AI services are no optional set: the factor library prices them per request.
    const ai = await alice.post(`/api/modules/${unit}/${YEAR}/digital-services/ai-services`, { description: 'Chat assistant', service: 'mistral_le_chat_text', requests: 1000 });
    expect(ai.status).toBe(201);
    expect(ai.body.emissions[0].kg_co2eq).toBeCloseTo(1.14, 9);

    const headcount = (await alice.get(`/api/modules/${unit}/${YEAR}/headcount`)).body;
    expect(headcount.stats).toMatchObject({ entries: 1, without_factor: 0 });
    // Not a set to upload or carry over: the module page shows no "no factors" banner.
    expect(headcount.factor_sets_needed).toEqual([]);
    expect(headcount.factor_sets_without_factors).toEqual([]);
    const digital = (await alice.get(`/api/modules/${unit}/${YEAR}/digital-services`)).body;
    expect(digital.factor_sets_needed).toEqual(expect.arrayContaining(['ai_service', 'cloud_spend']));
    const report = (await alice.get(`/api/v1/carbon_reports/${headcount.carbon_report_id}`)).body;
    expect(report.stats).toMatchObject({ entries: 2, without_factor: 0 });
    const results = (await alice.get(`/api/v1/carbon_reports/${headcount.carbon_report_id}/results`)).body;
    expect(results.total).toMatchObject({ without_factor: 0 });
  });

  it('once the set has rows, its entries get their figures', async () => {
    const olga = await as(stack, 'olga');
    const alice = await as(stack, 'alice');
    const unit = ids.unit['CLIMATE-LAB']!;
    const job = await uploadFactorFile(olga, stack.server.pool, 'headcount', 'member', YEAR, ['category,kg_co2eq_per_fte,source', 'food,1000,test values'].join('\n'));
    expect(job.result).toBe('SUCCESS');
    const rows = (await alice.get(`/api/modules/${unit}/${YEAR}/headcount/member`)).body.items;
    expect(rows[0]).toMatchObject({ kg_co2eq: 800 });
    expect(rows[0].emissions[0].meta.not_configured).toBeUndefined();
  });
});
