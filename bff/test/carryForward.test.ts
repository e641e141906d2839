// Starting 2025 from 2024 (GET/POST /api/v1/carbon_reports/{id}/carry-forward): the review says
// per entry type what would be copied and what is left behind (a device past its lifetime), the
// copy takes exactly the chosen types through the CSV pipeline with the new year's factors and
// writes an audit line each; trips are never copied, a type the year already holds is refused
// whole, and only those who may upload to the unit may do either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, as, demoIds, statsAndSums, type DemoIds } from './support/carbon';
import { entriesOf, moduleId, settled } from './support/pipeline';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
let ids: DemoIds;
const unit = () => ids.unit['CLIMATE-LAB']!;
const report = (year: number) => ids.report[`CLIMATE-LAB/${year}`]!;
const carry = (year = 2025) => `/api/v1/carbon_reports/${report(year)}/carry-forward`;

const DEVICES = {
  // 2023 + 4 years: 2023–2026, so 2025 is within its lifetime.
  kept: { description: 'Lab laptops', device_type: 'laptop', count: 3, acquisition_year: 2023, lifetime_years: 4 },
  // 2018 + 3 years: 2018–2020, over before 2025.
  left: { description: 'Old desktops', device_type: 'desktop', count: 2, acquisition_year: 2018, lifetime_years: 3 },
  // No lifetime of its own: the library's laptop row gives it (several years), bought in 2024.
  byFactor: { description: 'New laptop', device_type: 'laptop', count: 1, acquisition_year: 2024 },
};

const auditLines = async () => (await stack.server.pool.query("SELECT unit_id, details FROM audit_log WHERE action = 'carry_forward' ORDER BY id")).rows;
const rowsOf = async (year: number, module: string, type: string) => entriesOf(stack.server.pool, await moduleId(stack.server.pool, unit(), year, module), type);

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  const alice = await as(stack, 'alice');
  await addMember(alice, unit(), 2024, 100001, 'Alice Martin', 1);
  await addMember(alice, unit(), 2024, 100002, 'Bob Keller', 0.8);
  for (const d of Object.values(DEVICES)) expect((await alice.post(`/api/modules/${unit()}/2024/equipment/devices`, d)).status).toBe(201);
  expect((await alice.post(`/api/modules/${unit()}/2024/buildings/electricity`, { site: 'Lab', consumption: 1000, supply: 'location_based', mix: 'DE' })).status).toBe(201);
  expect((await alice.post(`/api/modules/${unit()}/2024/professional-travel/plane`, { origin: 'GVA', destination: 'CDG', traveler_id: 100001, departure_date: '2024-03-01' })).status).toBe(201);
}, 120_000);
afterAll(() => stack?.stop());

describe('carrying last year forward', () => {
  it('shows what would be copied: every type that lasts, its rows, those still of the year, and none of the trips', async () => {
    const res = await (await as(stack, 'alice')).get(carry());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from_year: 2024, to_year: 2025 });
    const byType = Object.fromEntries(res.body.entry_types.map((t: { entry_type: string }) => [t.entry_type, t]));
    expect(Object.keys(byType)).toEqual(['member', 'electricity', 'heating', 'refrigerant', 'device']);
    expect(byType.member).toEqual({ module: 'headcount', entry_type: 'member', rows: 2, kept: 2, existing: 0 });
    expect(byType.electricity).toMatchObject({ rows: 1, kept: 1, existing: 0 });
    expect(byType.heating).toMatchObject({ rows: 0, kept: 0 });
    expect(byType.device).toMatchObject({ module: 'equipment', rows: 3, kept: 2, existing: 0 });
  });

  it('is for those who may upload to the unit: 403 for its standard users and other units’ principals, 404 for no report', async () => {
    for (const who of ['bob', 'dan']) {
      const c = await as(stack, who);
      expect((await c.get(carry())).status).toBe(403);
      expect((await c.post(carry(), { entry_types: ['member'] })).status).toBe(403);
    }
    const alice = await as(stack, 'alice');
    expect((await alice.get('/api/v1/carbon_reports/987654/carry-forward')).status).toBe(404);
    expect(await auditLines()).toEqual([]);
  });

  it('refuses trips, an empty choice and a type named twice, with a reason, copying nothing', async () => {
    const alice = await as(stack, 'alice');
    const trips = await alice.post(carry(), { entry_types: ['member', 'plane'] });
    expect(trips.status).toBe(422);
    expect(trips.body).toMatchObject({ code: 'not_carried_forward', params: { type: 'plane' } });
    expect(trips.body.detail).toMatch(/never carried forward/);
    expect((await alice.post(carry(), { entry_types: [] })).status).toBe(422);
    expect((await alice.post(carry(), { entry_types: ['member', 'member'] })).status).toBe(422);
    await settled(stack.server.pool);
    expect(await rowsOf(2025, 'headcount', 'member')).toEqual([]);
    expect(await auditLines()).toEqual([]);
  });

  it('copies exactly the chosen types, devices past their lifetime left behind, with the new year’s factors and an audit line each', async () => {
    const alice = await as(stack, 'alice');
    const res = await alice.post(carry(), { entry_types: ['member', 'device'] });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.jobs).toHaveLength(2);
    await settled(stack.server.pool);

    const members = await rowsOf(2025, 'headcount', 'member');
    expect(members.map((m) => [m.data.user_institutional_id, m.data.name, m.data.fte])).toEqual([
      ['100001', 'Alice Martin', 1],
      ['100002', 'Bob Keller', 0.8],
    ]);
    const devices = await rowsOf(2025, 'equipment', 'device');
    expect(devices.map((d) => d.data)).toEqual([expect.objectContaining(DEVICES.kept), expect.objectContaining(DEVICES.byFactor)]);
    // The acquisition year stays: the device ages, and 2025 carries its own share.
    const { rows } = await stack.server.pool.query(
      `SELECT x.kg_co2eq::float8 AS kg, x.meta FROM data_entry_emissions x JOIN data_entries e ON e.id = x.data_entry_id
        JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
       WHERE m.carbon_report_id = $1 AND x.emission_type = 'device_embodied' ORDER BY e.id`,
      [report(2025)],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.kg).toBeGreaterThan(0);
    expect(rows[0].meta).toMatchObject({ acquisition_year: 2023, lifetime_years: 4, share: 0.25 });
    // Not chosen: the electricity stays in 2024; trips never move.
    expect(await rowsOf(2025, 'buildings', 'electricity')).toEqual([]);
    expect(await rowsOf(2025, 'professional_travel', 'plane')).toEqual([]);

    const lines = await auditLines();
    expect(lines.map((l) => [l.unit_id, l.details.entry_type, l.details.from_year, l.details.year, l.details.rows, l.details.left_behind])).toEqual([
      [unit(), 'member', 2024, 2025, 2, 0],
      [unit(), 'device', 2024, 2025, 2, 1],
    ]);
    const s = await statsAndSums(stack.server.pool, report(2025), 'equipment');
    expect(s.module_entries).toBe(2);
    expect(s.module_stats.kg_co2eq).toBeCloseTo(s.module_kg, 6);
  });

  it('refuses a choice whole when the year already holds rows of one of its types', async () => {
    const alice = await as(stack, 'alice');
    const again = await alice.post(carry(), { entry_types: ['electricity', 'member'] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'carry_forward_not_empty', params: { type: 'member', rows: 2 } });
    await settled(stack.server.pool);
    expect(await rowsOf(2025, 'buildings', 'electricity')).toEqual([]);
    expect((await auditLines()).length).toBe(2);
    const preview = await alice.get(carry());
    expect(preview.body.entry_types.find((t: { entry_type: string }) => t.entry_type === 'member')).toMatchObject({ existing: 2 });
  });
});
