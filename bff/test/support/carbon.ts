// Helpers for the carbon accounting tests: demo unit and report ids, signed-in clients, and
// direct reads of what the database holds (to check stats against SQL sums).
import type { Pool } from 'pg';
import type { TestStack } from './stack';
import { login, TestClient } from './httpClient';

export interface DemoIds {
  unit: Record<string, number>;
  /** report id by `${institutional_id}/${year}` */
  report: Record<string, number>;
}

export async function demoIds(pool: Pool): Promise<DemoIds> {
  const units = await pool.query<{ id: number; institutional_id: string }>('SELECT id, institutional_id FROM units');
  const reports = await pool.query<{ id: number; institutional_id: string; year: number }>(
    'SELECT r.id, u.institutional_id, r.year FROM carbon_reports r JOIN units u ON u.id = r.unit_id',
  );
  return {
    unit: Object.fromEntries(units.rows.map((r) => [r.institutional_id, r.id])),
    report: Object.fromEntries(reports.rows.map((r) => [`${r.institutional_id}/${r.year}`, r.id])),
  };
}

/** The countries with a grid row of their own (location-based electricity) in every file of the
 * factor library (shared/src/modules/buildings/factors/electricity/), besides the world average (RoW). */
export const LIBRARY_GRID_MIXES = 'AT BE BG CA CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL NO PL PT RO SE SI SK US'.split(' ');

const clients = new WeakMap<TestStack, Map<string, TestClient>>();

/** A signed-in client per user and stack, logged in once through the real IdP. */
export async function as(stack: TestStack, username: string): Promise<TestClient> {
  let byUser = clients.get(stack);
  if (!byUser) clients.set(stack, (byUser = new Map()));
  let c = byUser.get(username);
  if (!c) {
    c = stack.client();
    await login(c, username);
    byUser.set(username, c);
  }
  return c;
}

/** A client of another instance at `url` with `username`'s session from `as` (every instance of
 * a stack shares its sessions). */
export async function asAt(stack: TestStack, url: string, username: string): Promise<TestClient> {
  const c = new TestClient(url, stack.origin);
  c.jar.set(url, 'auth_token', (await as(stack, username)).sessionCookie()!);
  return c;
}

/** Stats with every figure rounded to 6 decimals (kg sums of floating-point products), to compare them whole. */
export const rounded = (o: unknown): unknown =>
  typeof o === 'number' ? Math.round(o * 1e6) / 1e6 : o && typeof o === 'object' ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, rounded(v)])) : o;

export async function addMember(c: TestClient, unitId: number, year: number, personNumber: number | string, name: string, fte = 1) {
  const res = await c.post(`/api/modules/${unitId}/${year}/headcount/member`, { user_institutional_id: String(personNumber), name, fte });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Module and report stats as stored, and the same numbers from SQL sums of the emissions. */
export async function statsAndSums(pool: Pool, reportId: number, moduleType: string) {
  const { rows } = await pool.query(
    `SELECT m.stats AS module_stats, r.stats AS report_stats,
            (SELECT coalesce(sum(x.kg_co2eq), 0) FROM data_entries e JOIN data_entry_emissions x ON x.data_entry_id = e.id
              WHERE e.carbon_report_module_id = m.id)::float8 AS module_kg,
            (SELECT count(*) FROM data_entries e WHERE e.carbon_report_module_id = m.id)::int AS module_entries,
            (SELECT coalesce(sum(x.kg_co2eq), 0) FROM carbon_report_modules mm JOIN data_entries e ON e.carbon_report_module_id = mm.id
               JOIN data_entry_emissions x ON x.data_entry_id = e.id WHERE mm.carbon_report_id = r.id)::float8 AS report_kg
       FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id
      WHERE r.id = $1 AND m.module_type = $2`,
    [reportId, moduleType],
  );
  return rows[0];
}

/** A module's stats and its report's, as the API answers them to `client` (module by its slug). */
export async function moduleAndReportStats(client: TestClient, ids: DemoIds, institutionalId: string, year: number, moduleSlug: string) {
  const module = await client.get(`/api/modules/${ids.unit[institutionalId]}/${year}/${moduleSlug}`);
  const report = await client.get(`/api/v1/carbon_reports/${ids.report[`${institutionalId}/${year}`]}`);
  if (module.status !== 200 || report.status !== 200) throw new Error(`stats not read: ${module.status} ${report.status}`);
  return { module: module.body.stats, report: report.body.stats };
}
