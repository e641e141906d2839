/// <reference lib="dom" />
// Web app figures: the JavaScript shipped for the first screen after login, and the
// time from navigation to an interactive module page.
//
//   npm run build && node --import tsx bench/web-first-screen.ts
//
// It starts one BFF (embedded PostgreSQL in a temporary folder, development IdP, demo data) on
// free ports, signs in as alice through the IdP form in Debian's Chromium, then:
//  1. opens the screen a user lands on after login (/workspace) with a cold cache, records the
//     JavaScript files it loads, and sums their gzip sizes as built (web/dist, gzip level 9 like
//     Vite's report);
//  2. five times, with a cold cache and the session cookie, navigates to the professional travel
//     page and takes `performance.now()` (time since the navigation started) when the page is
//     interactive: the entry table shows its rows and the "Add" button is enabled. Navigation
//     Timing's domContentLoaded and load are printed beside it. The median is reported.
// Figures are printed; nothing is asserted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../bff/src/db/embeddedPostgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web/dist');
const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function startStack(): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const idpPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-first-screen-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bff/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DEV_IDP_PORT: String(idpPort), PUBLIC_ORIGIN: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the BFF exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the BFF did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, url, dataDir };
}

async function signIn(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/workspace`);
  await page.getByTestId('sign-in').click();
  await page.getByLabel('Username').fill('alice');
  await page.getByLabel('Password').fill('alice-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/workspace`);
  await page.getByTestId('unit-card').first().waitFor();
  await page.close();
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** JavaScript files under /assets/ that `page` loads while `action` runs. */
async function scriptsLoaded(page: Page, action: () => Promise<void>): Promise<string[]> {
  const files = new Set<string>();
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) files.add(pathname.slice('/assets/'.length));
  });
  await action();
  await page.waitForLoadState('networkidle');
  return [...files].sort();
}

interface Timing {
  interactive: number;
  domContentLoaded: number;
  load: number;
}

async function timeModulePage(context: BrowserContext, url: string): Promise<Timing> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const interactive = await page.waitForFunction(
    () => {
      const row = document.querySelector('[data-testid="entry-table-plane"] tbody tr td');
      const add = document.querySelector<HTMLButtonElement>('[data-testid="add-plane"]');
      const loading = document.querySelector('[data-testid="entry-table-plane"] .q-table__linear-progress');
      return row && add && !add.disabled && !loading ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const value = (await interactive.jsonValue()) as number;
  const nav = await page.evaluate(() => {
    const e = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { domContentLoaded: e.domContentLoadedEventEnd, load: e.loadEventEnd };
  });
  await page.close();
  return { interactive: value, ...nav };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first.');
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const login = await browser.newContext();
    await signIn(login, stack.url);
    const storageState = await login.storageState();
    await login.close();

    // 1. The first screen after login, cold cache.
    const first = await browser.newContext({ storageState });
    const page = await first.newPage();
    const files = await scriptsLoaded(page, async () => {
      await page.goto(`${stack.url}/workspace`);
      await page.getByTestId('unit-card').first().waitFor();
    });
    await first.close();
    const sizes = files.map((f) => ({ f, raw: fs.statSync(path.join(DIST, 'assets', f)).size, gz: gzipSize(path.join(DIST, 'assets', f)) }));
    console.log('\nFirst screen after login (/workspace): JavaScript loaded');
    for (const s of sizes) console.log(`  ${s.f.padEnd(44)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gz).padStart(9)}`);
    const gz = sizes.reduce((t, s) => t + s.gz, 0);
    const raw = sizes.reduce((t, s) => t + s.raw, 0);
    console.log(`  total: ${sizes.length} files, ${kb(raw)} raw, ${kb(gz)} gzip`);

    // 2. Navigation → interactive module page, cold cache each time, signed in.
    const units = (await (await fetch(`${stack.url}/api/v1/units`, { headers: { cookie: storageState.cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })).json()) as { id: number }[];
    const target = `${stack.url}/u/${units[0]!.id}/2025/professional-travel`;
    const timings: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ storageState });
      timings.push(await timeModulePage(context, target));
      await context.close();
    }
    console.log(`\nNavigation → interactive professional travel page (table rows shown, Add enabled), ${RUNS} cold runs`);
    timings.forEach((t, i) => console.log(`  run ${i + 1}: interactive ${t.interactive.toFixed(0)} ms  (domContentLoaded ${t.domContentLoaded.toFixed(0)} ms, load ${t.load.toFixed(0)} ms)`));
    console.log(`  median interactive: ${median(timings.map((t) => t.interactive)).toFixed(0)} ms; median domContentLoaded ${median(timings.map((t) => t.domContentLoaded)).toFixed(0)} ms\n`);
    // For the summary table of `npm run bench` (bench/bars.ts): gzip KiB per screen measured here.
    (await import('./support/results')).recordResult('web-first-screen', { home_kib: Math.round((10 * gz) / 1024) / 10 });
  } finally {
    await browser.close();
    stack.child.kill('SIGTERM');
    await new Promise((r) => stack.child.once('exit', r));
    fs.rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
