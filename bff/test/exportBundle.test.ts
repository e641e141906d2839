// The export workers in the production artifact: bff/build.mjs bundles the worker as an entry of
// its own, and the bundled BFF (the worker it starts is that entry, not the TypeScript source), run by plain `node` with NODE_ENV=production and a hook that fails
// any import of a development package (tsx among them), writes a PDF with it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CarbonReportView } from '@carbon/shared';
import { freePort } from '../src/db/embeddedPostgres';
import { startTestStack, type TestStack } from './support/stack';
import { as, asAt, demoIds } from './support/carbon';
import { waitFor } from './support/jobs';

const BFF = new URL('..', import.meta.url).pathname;
const OUT = `dist-test-${crypto.randomBytes(4).toString('hex')}`;
let stack: TestStack;
let child: ChildProcess | undefined;
let stderr = '';

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['build.mjs', OUT], { cwd: BFF, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  expect(fs.existsSync(path.join(BFF, OUT, 'exportWorker.js'))).toBe(true);
  stack = await startTestStack();
}, 120_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  if (child && child.exitCode === null) await new Promise((r) => child!.once('exit', r));
  await stack?.stop();
  fs.rmSync(path.join(BFF, OUT), { recursive: true, force: true });
});

it('the bundled BFF writes the printable report in its worker, without tsx or any development package', async () => {
  const port = await freePort();
  child = spawn(process.execPath, ['--import', new URL('./support/devPackageGuard.mjs', import.meta.url).pathname, path.join(BFF, OUT, 'main.js')], {
    cwd: BFF,
    env: { PATH: process.env.PATH ?? '', ...stack.joinEnv, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'debug', LOG_FORMAT: 'json', EXPORT_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-10_000)));
  const url = `http://localhost:${port}`;
  await waitFor('the bundled BFF to be ready', async () => (await fetch(`${url}/api/ready`).catch(() => undefined))?.status === 200, 60_000, 100);

  const ids = await demoIds(stack.server.pool);
  const reportId = ((await (await as(stack, 'alice')).get(`/api/v1/carbon_reports?unit_id=${ids.unit['CLIMATE-LAB']}&year=2025`)).body as CarbonReportView[])[0]!.id;
  const alice = await asAt(stack, url, 'alice');
  const res = await alice.raw(`${url}/api/v1/carbon_reports/${reportId}/report.pdf?lang=fr`);
  expect(res.status, stderr).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  expect(stderr).not.toMatch(/development package/);
  // The worker it started is the bundle's own JavaScript entry, not the TypeScript source.
  const started = stdout.split('\n').filter((l) => l.includes('export worker started')).map((l) => JSON.parse(l) as { script: string });
  expect(started.map((s) => s.script)).toEqual([path.join(BFF, OUT, 'exportWorker.js')]);
}, 120_000);
