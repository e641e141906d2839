// Helpers for the Path 2 pipeline tests: uploads, waiting for the job system to settle, and what
// the database holds.
import type { Pool } from 'pg';
import { expect } from 'vitest';
import type { TestClient } from './httpClient';
import { waitFor } from './jobs';

export const CSV = { 'content-type': 'text/csv' };

export function dispatchPath(q: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  return `/api/sync/dispatch?${params}`;
}

export async function upload(c: TestClient, q: Record<string, string | number | undefined>, csv: string) {
  return c.post(dispatchPath(q), csv, CSV);
}

/** Waits until no job is waiting or running (each test file has its own database). */
export async function settled(pool: Pool, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    'the job pipeline to settle',
    async () => (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_ingestion_jobs WHERE state <> 'FINISHED'`)).rows[0]!.n === 0,
    timeoutMs,
    25,
  );
}

export async function jobRow(pool: Pool, id: number) {
  return (await pool.query('SELECT * FROM data_ingestion_jobs WHERE id = $1', [id])).rows[0];
}

export async function pipelineJobs(pool: Pool, pipelineId: string) {
  return (await pool.query('SELECT * FROM data_ingestion_jobs WHERE pipeline_id = $1 ORDER BY id', [pipelineId])).rows;
}

export async function moduleId(pool: Pool, unitId: number, year: number, moduleType: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    'SELECT m.id FROM carbon_report_modules m JOIN carbon_reports r ON r.id = m.carbon_report_id WHERE r.unit_id = $1 AND r.year = $2 AND m.module_type = $3',
    [unitId, year, moduleType],
  );
  return rows[0]!.id;
}

export async function entriesOf(pool: Pool, module: number, type?: string) {
  const { rows } = await pool.query(
    `SELECT e.id, e.data_entry_type, e.data, e.source,
            (SELECT count(*)::int FROM data_entry_emissions x WHERE x.data_entry_id = e.id) AS emissions
       FROM data_entries e WHERE e.carbon_report_module_id = $1 AND ($2::text IS NULL OR e.data_entry_type = $2) ORDER BY e.id`,
    [module, type ?? null],
  );
  return rows;
}

/** Row counts of the tables Path 2 writes, to show that a refused file changed nothing. */
export async function tableCounts(pool: Pool) {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*)::int FROM data_entries) AS entries, (SELECT count(*)::int FROM data_entry_emissions) AS emissions,
            (SELECT count(*)::int FROM factors) AS factors,
            (SELECT md5(coalesce(string_agg(stats::text, ',' ORDER BY id), '')) FROM carbon_report_modules) AS module_stats,
            (SELECT md5(coalesce(string_agg(stats::text, ',' ORDER BY id), '')) FROM carbon_reports) AS report_stats`,
  );
  return rows[0];
}

export const HEADCOUNT_HEADER = 'user_institutional_id,name,fte,position';
export const PLANE_HEADER = 'origin,destination,cabin_class,number_of_trips,round_trip,departure_date,person_number';
export const TRAIN_HEADER = 'origin,origin_country,destination,destination_country,class,number_of_trips,round_trip,departure_date,person_number';

/** Uploads a factor file of `set` (a set of `module`) for `year`, waits for its pipeline (the
 * recalculations it starts included) and answers the factor job's row. */
export async function uploadFactorFile(client: TestClient, pool: Pool, module: string, set: string, year: number, csv: string) {
  const res = await client.post(`/api/sync/factors/${module}/${set}?year=${year}`, csv, CSV);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settled(pool);
  return jobRow(pool, res.body.job_id);
}

/** Uploads an entry file that has good and bad rows, waits, checks that its ingest ended WARNING,
 * and answers its row report with the issues as [row, column] pairs. */
export async function ingestReport(client: TestClient, pool: Pool, q: Record<string, string | number | undefined>, lines: readonly string[]) {
  const res = await upload(client, q, lines.join('\n'));
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settled(pool);
  const job = await jobRow(pool, res.body.job_id);
  expect(job).toMatchObject({ state: 'FINISHED', result: 'WARNING' });
  return { ...job.report, issues: job.report.issues.map((i: { row: number; column: string }) => [i.row, i.column]) };
}
