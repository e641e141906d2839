// What `npm start` prints at the default log level while the demo loads: a line saying what the
// demo data loaded, not one line per job transition (hundreds before the banner). The transitions
// are there at debug.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { createPool, type Pool } from '../src/db/pool';
import { createLogger } from '../src/log';
import { createTestDatabase } from './support/stack';
import { settled } from './support/pipeline';

const pools: Pool[] = [];
afterAll(async () => Promise.all(pools.map((p) => p.end())));

/** Starts an instance on database `url` with the demo data, its log at `level`, and answers its
 * lines once every demo job has finished. */
async function startLines(url: string, level: string): Promise<{ level: number; msg: string; [k: string]: unknown }[]> {
  const pool = createPool(url, 2);
  pools.push(pool);
  const lines: string[] = [];
  const log = createLogger(level, 'json', { write: (s: string) => void lines.push(s) });
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DEV_IDP_PORT: '0', DATABASE_URL: url, SESSION_SECRET: 'demo-log-test-session-secret-012345', LOG_LEVEL: level });
  const server = await startServer(config, { skipMigrations: true, log });
  await settled(pool);
  await server.stop();
  return lines.map((l) => JSON.parse(l));
}

describe('the demo start at the default log level', () => {
  it('says in one line what the demo loaded, and logs no job transition', async () => {
    const url = await createTestDatabase();
    const lines = await startLines(url, 'info');
    expect(lines.filter((l) => l.msg === 'job transition')).toEqual([]);
    expect(lines.filter((l) => l.msg === 'csv ingested')).toEqual([]);
    const demo = lines.filter((l) => /^demo data/.test(l.msg));
    expect(demo).toHaveLength(1);
    expect(demo[0]!.msg).toMatch(/^demo data: \d+ files \(\d+ rows\) for 2 units, 2024 and 2025$/);
    expect(lines.length).toBeLessThan(15);
    // A restart loads nothing more, and says so in one line.
    const again = (await startLines(url, 'info')).filter((l) => /^demo data/.test(l.msg));
    expect(again.map((l) => l.msg)).toEqual(['demo data: already loaded']);
  });

  it('keeps every transition at debug', async () => {
    const lines = await startLines(await createTestDatabase(), 'debug');
    expect(lines.filter((l) => l.msg === 'job transition').length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.msg === 'job transition').every((l) => l.level === 20)).toBe(true);
  });
});
