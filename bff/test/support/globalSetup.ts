// Integration tests run against a real PostgreSQL: the embedded one by default (a fresh
// cluster per run), or TEST_DATABASE_URL. The schema is migrated once into a template
// database; each test file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embeddedPostgres';
import { migrate } from '../../src/db/migrate';
import { createPool } from '../../src/db/pool';
import { ensureLocations } from '../../src/domain/locations/loadLocations';
import { upgradeFactorLibrary } from '../../src/jobs/factorLibrary';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopCluster: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbon-test-pg-'));
    const cluster = await startEmbeddedPostgres(dataDir, undefined, { fast: true });
    adminUrl = cluster.url();
    stopCluster = cluster.stop;
  }
  const templateDb = `carbon_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();
  await migrate(withDatabase(adminUrl, templateDb));
  // Airports and places, and the factor library, once into the template: every test database is
  // cloned with them (a server's start then finds its library there already).
  const templatePool = createPool(withDatabase(adminUrl, templateDb), 2);
  await ensureLocations(templatePool);
  await upgradeFactorLibrary(templatePool);
  await templatePool.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    if (stopCluster) {
      await stopCluster();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    } else {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`%_${process.pid}%`]);
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await c.end();
    }
  };
}
