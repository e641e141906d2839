// A synthetic institution for the benchmarks that read reports (rollupResults.ts, exports.ts):
// the demo unit CLIMATE-LAB's 2025 report padded to 2,000 entries in a lab's proportions, with
// its computed emissions and stats, copied into every synthetic unit and year.
import type pg from 'pg';
import { recomputeStats } from '../../bff/src/domain/stats';

export const YEARS = [2021, 2022, 2023, 2024, 2025];
export const TEMPLATE_YEAR = 2025;
/** Entries of one unit-year by entry type: a lab of 100 people (2,000 entries in all). */
const MIX: Record<string, number> = { member: 100, plane: 900, train: 500, electricity: 20, heating: 10, refrigerant: 5, device: 215, purchase: 250 };
/** Reports copied per statement while seeding. */
const BATCH = 25;

/** CLIMATE-LAB's 2025 report, padded to the entry mix by copying its demo entries (members get
 * new person numbers, as the person number is unique per headcount module). Returns its id. */
export async function buildTemplate(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT r.id FROM carbon_reports r JOIN units u ON u.id = r.unit_id WHERE u.institutional_id = 'CLIMATE-LAB' AND r.year = $1`,
    [TEMPLATE_YEAR],
  );
  const reportId = rows[0]!.id;
  for (const [type, target] of Object.entries(MIX)) {
    await pool.query(
      `WITH have AS (SELECT e.id, e.carbon_report_module_id, e.data, row_number() OVER (ORDER BY e.id) AS k, count(*) OVER () AS n
                       FROM data_entries e JOIN carbon_report_modules m ON m.id = e.carbon_report_module_id
                      WHERE m.carbon_report_id = $1 AND e.data_entry_type = $2),
            src AS MATERIALIZED (
              SELECT nextval('data_entries_id_seq') AS new_id, h.id AS tid, h.carbon_report_module_id,
                     CASE WHEN $2 = 'member' THEN h.data || jsonb_build_object('user_institutional_id', (700000 + g)::text, 'name', 'Member ' || g) ELSE h.data END AS data
                FROM generate_series(1, greatest(0, $3 - (SELECT count(*) FROM have))) g
                JOIN have h ON h.k = 1 + (g % h.n)),
            ins AS (INSERT INTO data_entries (id, carbon_report_module_id, data_entry_type, data, source)
                    SELECT new_id, carbon_report_module_id, $2, data, 'demo' FROM src)
       INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, factor_id, meta)
       SELECT src.new_id, x.emission_type, x.scope, x.category, x.kg_co2eq, x.quantity, x.quantity_unit, x.factor_id, x.meta
         FROM src JOIN data_entry_emissions x ON x.data_entry_id = src.tid`,
      [reportId, type, target],
    );
  }
  const modules = await pool.query<{ id: number }>('SELECT id FROM carbon_report_modules WHERE carbon_report_id = $1', [reportId]);
  for (const m of modules.rows) await recomputeStats(pool, m.id);
  return reportId;
}

/** Adds units up to `units` (BENCH-0001…), each with a report per year copied from the template. */
export async function growTo(pool: pg.Pool, templateId: number, units: number): Promise<void> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO units (institutional_id, name)
     SELECT 'BENCH-' || lpad(g::text, 4, '0'), 'Synthetic unit ' || g FROM generate_series(1, $1) g
     ON CONFLICT (institutional_id) DO NOTHING RETURNING id`,
    [units],
  );
  const reportIds: number[] = [];
  for (const year of YEARS) {
    const r = await pool.query<{ id: number }>(
      `INSERT INTO carbon_reports (unit_id, year, stats) SELECT u, $2, (SELECT stats FROM carbon_reports WHERE id = $3) FROM unnest($1::bigint[]) u RETURNING id`,
      [rows.map((u) => u.id), year, templateId],
    );
    reportIds.push(...r.rows.map((x) => x.id));
  }
  // Module statuses vary as in an institution mid-year: a third validated, a third in progress.
  await pool.query(
    `INSERT INTO carbon_report_modules (carbon_report_id, module_type, status, stats)
     SELECT r, t.module_type, (ARRAY['validated', 'in_progress', 'not_started']::module_status[])[1 + (r % 3)::int], t.stats
       FROM unnest($1::bigint[]) r, carbon_report_modules t WHERE t.carbon_report_id = $2`,
    [reportIds, templateId],
  );
  for (let i = 0; i < reportIds.length; i += BATCH) {
    await pool.query(
      `WITH src AS MATERIALIZED (
              SELECT nextval('data_entries_id_seq') AS new_id, e.id AS tid, m.id AS module_id, e.data_entry_type, e.data
                FROM carbon_report_modules m
                JOIN carbon_report_modules tm ON tm.carbon_report_id = $2 AND tm.module_type = m.module_type
                JOIN data_entries e ON e.carbon_report_module_id = tm.id
               WHERE m.carbon_report_id = ANY ($1::bigint[])),
            ins AS (INSERT INTO data_entries (id, carbon_report_module_id, data_entry_type, data, source)
                    SELECT new_id, module_id, data_entry_type, data, 'demo' FROM src)
       INSERT INTO data_entry_emissions (data_entry_id, emission_type, scope, category, kg_co2eq, quantity, quantity_unit, factor_id, meta)
       SELECT src.new_id, x.emission_type, x.scope, x.category, x.kg_co2eq, x.quantity, x.quantity_unit, x.factor_id, x.meta
         FROM src JOIN data_entry_emissions x ON x.data_entry_id = src.tid`,
      [reportIds.slice(i, i + BATCH), templateId],
    );
  }
}
