// Demo entries at first start: loaded through the bulk pipeline, once, also when two
// instances start together and after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/server';
import { createPool, type Pool } from '../src/db/pool';
import { createLogger } from '../src/log';
import { createTestDatabase } from './support/stack';
import { settled } from './support/pipeline';

let url: string;
let pool: Pool;
const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

async function instance(): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DEV_IDP_PORT: '0', // the IdP picks a free port itself
    DATABASE_URL: url,
    SESSION_SECRET: 'demo-seed-test-session-secret-0123',
    LOG_LEVEL: 'silent',
  });
  return startServer(config, { skipMigrations: true, log });
}

const counts = async () =>
  (
    await pool.query(
      `SELECT e.data_entry_type AS type, e.source, count(*)::int AS n,
              count(*) FILTER (WHERE e.data ? 'traveler_name')::int AS linked,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM data_entry_emissions x WHERE x.data_entry_id = e.id))::int AS with_emissions
         FROM data_entries e GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  ).rows;

beforeAll(async () => {
  url = await createTestDatabase();
  pool = createPool(url, 4);
});
afterAll(async () => pool?.end());

describe('demo entries', () => {
  it('two instances starting together load them once through the pipeline; a restart adds nothing', async () => {
    const servers = await Promise.all([instance(), instance()]);
    await settled(pool);
    const first = await counts();
    // 2 years × (7 members, 3 planes, 3 trains, 4 road and sea trips, 3 electricity, 2 heating,
    // 3 refrigerant, 4 device, 6 purchase, 3 cloud spend, 3 computing, 1 AI service and 4 commuting
    // rows), all from CSV uploads, every trip and response linked.
    expect(first).toEqual([
      { type: 'ai_service', source: 'csv', n: 2, linked: 0, with_emissions: 2 },
      { type: 'cloud_spend', source: 'csv', n: 6, linked: 0, with_emissions: 6 },
      { type: 'commute', source: 'csv', n: 8, linked: 8, with_emissions: 8 },
      { type: 'compute_use', source: 'csv', n: 6, linked: 0, with_emissions: 6 },
      { type: 'device', source: 'csv', n: 8, linked: 0, with_emissions: 8 },
      { type: 'electricity', source: 'csv', n: 6, linked: 0, with_emissions: 6 },
      { type: 'heating', source: 'csv', n: 4, linked: 0, with_emissions: 4 },
      { type: 'member', source: 'csv', n: 14, linked: 0, with_emissions: 14 },
      { type: 'plane', source: 'csv', n: 6, linked: 6, with_emissions: 6 },
      { type: 'purchase', source: 'csv', n: 12, linked: 0, with_emissions: 12 },
      { type: 'refrigerant', source: 'csv', n: 6, linked: 0, with_emissions: 6 },
      { type: 'road_sea', source: 'csv', n: 8, linked: 8, with_emissions: 8 },
      { type: 'train', source: 'csv', n: 6, linked: 6, with_emissions: 6 },
    ]);
    const { rows: jobs } = await pool.query(`SELECT job_type, count(*)::int AS n FROM data_ingestion_jobs WHERE job_type = 'csv_ingest' AND result = 'SUCCESS' GROUP BY 1`);
    // per year: 2 headcounts, 2 units × (plane, train, road_sea, electricity, heating, refrigerant,
    // device, purchase, cloud_spend, compute_use, commute), 1 unit × ai_service
    expect(jobs).toEqual([{ job_type: 'csv_ingest', n: 4 + 8 + 4 + 12 + 4 + 4 + 4 + 4 + 2 + 4 }]);
    const { rows: stats } = await pool.query(
      `SELECT count(*)::int AS wrong FROM carbon_report_modules m
        WHERE (m.stats->>'entries')::int IS DISTINCT FROM (SELECT count(*)::int FROM data_entries e WHERE e.carbon_report_module_id = m.id)
          AND EXISTS (SELECT 1 FROM data_entries e WHERE e.carbon_report_module_id = m.id)`,
    );
    expect(stats[0].wrong).toBe(0);
    for (const s of servers) await s.stop();

    const again = await instance();
    await settled(pool);
    expect(await counts()).toEqual(first);
    await again.stop();
  }, 120_000);
});
