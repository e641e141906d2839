// Direct SQL on the e2e stack's embedded PostgreSQL, to arrange data the UI cannot create
// (a report without a headcount module, an extra empty year). The port is the one the cluster
// wrote to its postmaster.pid (4th line); the credentials are the embedded defaults.
import fs from 'node:fs';
import pg from 'pg';

const PID_FILE = new URL('../../.data/e2e/pg/postmaster.pid', import.meta.url);

export async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const port = Number(fs.readFileSync(PID_FILE, 'utf8').split('\n')[3]);
  const db = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'embedded', database: 'carbon' });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

export async function unitIdOf(institutionalId: string): Promise<number> {
  const { rows } = await withDb((db) => db.query<{ id: string }>('SELECT id FROM units WHERE institutional_id = $1', [institutionalId]));
  if (!rows[0]) throw new Error(`no unit ${institutionalId}`);
  return Number(rows[0].id);
}

/** A carbon report of the unit for the year holding exactly these (empty) modules. */
export async function ensureReport(institutionalId: string, year: number, modules: string[]): Promise<void> {
  await withDb(async (db) => {
    await db.query(
      `INSERT INTO carbon_reports (unit_id, year) SELECT id, $2 FROM units WHERE institutional_id = $1 ON CONFLICT (unit_id, year) DO NOTHING`,
      [institutionalId, year],
    );
    await db.query(
      `INSERT INTO carbon_report_modules (carbon_report_id, module_type)
       SELECT r.id, m FROM carbon_reports r JOIN units u ON u.id = r.unit_id, unnest($3::text[]) AS m
        WHERE u.institutional_id = $1 AND r.year = $2
       ON CONFLICT DO NOTHING`,
      [institutionalId, year, modules],
    );
  });
}
