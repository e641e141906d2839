// Starts the whole service for the end-to-end run on a fresh embedded database, exactly as
// `npm start` does (same entry point), with ports and a data folder of its own.
import fs from 'node:fs';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = path.resolve('.data/e2e');
fs.rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: String(port),
  DEV_IDP_PORT: String(port + 1),
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Every e2e sign-in comes from 127.0.0.1.
  LOGIN_RATE_PER_MINUTE: '1000',
});
delete process.env.DATABASE_URL;
delete process.env.OAUTH_ISSUER_URL;

await import('../../bff/src/main');
