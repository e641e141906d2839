/// <reference lib="dom" />
// Web app figures: the JavaScript each first screen loads, its time on an emulated slow link, and
// the time from navigation to an interactive module page.
//
//   npm run build && node --import tsx bench/web-first-screen.ts
//
// It starts one BFF (embedded PostgreSQL in a temporary folder, development IdP, demo data) on
// free ports, signs in as alice through the IdP form in Debian's Chromium, then:
//  1. opens each first screen with a cold cache — the signed-out login page (/login), a unit's
//     home (/u/:unit/2025) and its results (/u/:unit/2025/results), signed in for the last two —
//     records the JavaScript files it loads until the network is idle, and sums their gzip sizes
//     as built (web/dist, gzip level 9 like Vite's report and the build's budget check,
//     web/build/checkBudgets.ts). Files the screen fetches after its first render (the results'
//     charts, the language menu) are counted too, and listed apart from the budget's set;
//  2. opens the same screens again on an emulated slow link (Chrome DevTools Protocol
//     Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip) and
//     takes the time until the screen's content is shown (login: the sign-in button; home: the
//     module cards' totals; results: the breakdown table's rows) and until its charts are drawn (results);
//  3. five times, with a cold cache and the session cookie, navigates to the professional travel
//     page and takes `performance.now()` (time since the navigation started) when the page is
//     interactive: the entry table shows its rows and the "Add" button is enabled. Navigation
//     Timing's domContentLoaded and load are printed beside it. The median is reported.
// Figures are printed; nothing is asserted (the budgets fail the build instead).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../bff/src/db/embeddedPostgres';
import { SERVER_CHILD_ENV } from '../bff/src/dev/ownProcessGroup';
import { screenFiles, screenKeys, type Budgets, type Manifest } from '../web/build/budgets';
import { recordResult, type Figures } from './support/results';

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
    // As the child of `npm start` at a terminal (bff/src/dev/ownProcessGroup.ts): it stops when
    // its IPC channel to this process closes, so a benchmark killed midway leaves no server behind.
    env: { ...process.env, PORT: String(port), DEV_IDP_PORT: String(idpPort), PUBLIC_ORIGIN: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', [SERVER_CHILD_ENV]: '1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
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

/** 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (bytes per second for the protocol). */
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Screen {
  name: 'login' | 'home' | 'results';
  path: string;
  signedIn: boolean;
  /** The screen's content is shown. */
  shown: string;
  /** Drawn after the content, from a chunk of its own. */
  later?: string;
}

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

    const units = (await (await fetch(`${stack.url}/api/v1/units`, { headers: { cookie: storageState.cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })).json()) as { id: number }[];
    const unit = `/u/${units[0]!.id}/2025`;
    const screens: Screen[] = [
      { name: 'login', path: '/login', signedIn: false, shown: '[data-testid="sign-in"]' },
      { name: 'home', path: unit, signedIn: true, shown: '[data-testid="module-card-total"]' },
      { name: 'results', path: `${unit}/results`, signedIn: true, shown: '[data-testid^="result-row-"]', later: '[data-testid^="chart-"] canvas' },
    ];
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
    const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/budgets.json'), 'utf8')) as Budgets;

    // 1. JavaScript of each first screen, cold cache. Before its first render, in KiB gzip, for the
    // summary table of `npm run bench` (bench/bars.ts).
    const firstRenderKib: Figures = {};
    for (const screen of screens) {
      const context = await browser.newContext(screen.signedIn ? { storageState } : {});
      const page = await context.newPage();
      const files = await scriptsLoaded(page, async () => {
        await page.goto(`${stack.url}${screen.path}`);
        await page.locator(screen.shown).first().waitFor();
        if (screen.later) await page.locator(screen.later).first().waitFor();
      });
      await context.close();
      const budgeted = new Set(screenFiles(manifest, screenKeys(budgets[screen.name]!)).map((f) => f.slice('assets/'.length)));
      const sizes = files.map((f) => ({ f, raw: fs.statSync(path.join(DIST, 'assets', f)).size, gz: gzipSize(path.join(DIST, 'assets', f)), first: budgeted.has(f) }));
      const sum = (xs: typeof sizes) => xs.reduce((t, x) => t + x.gz, 0);
      console.log(`\n${screen.name} (${screen.path}): JavaScript loaded, cold cache`);
      for (const x of sizes) console.log(`  ${x.f.padEnd(44)} ${kb(x.raw).padStart(10)}  gzip ${kb(x.gz).padStart(9)}${x.first ? '' : '  (after first render)'}`);
      const first = sizes.filter((x) => x.first);
      firstRenderKib[`${screen.name}_kib`] = Math.round((10 * sum(first)) / 1024) / 10;
      console.log(
        `  total: ${sizes.length} files, ${kb(sum(sizes))} gzip; before first render ${kb(sum(first))} (budget ${budgets[screen.name]!.maxKiB} KiB), after it ${kb(sum(sizes) - sum(first))}`,
      );
    }

    // 2. The same screens on a slow link, cold cache.
    console.log(`\nOn an emulated slow link (1.6 Mbit/s down, 150 ms round trip), cold cache`);
    for (const screen of screens) {
      const context = await browser.newContext(screen.signedIn ? { storageState } : {});
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
      await page.goto(`${stack.url}${screen.path}`, { waitUntil: 'commit' });
      await page.locator(screen.shown).first().waitFor({ timeout: 60_000 });
      const shown = await page.evaluate(() => performance.now());
      let later = '';
      if (screen.later) {
        await page.locator(screen.later).first().waitFor({ timeout: 60_000 });
        later = `, charts drawn ${(await page.evaluate(() => performance.now())).toFixed(0)} ms`;
      }
      await context.close();
      console.log(`  ${screen.name.padEnd(8)} content shown ${shown.toFixed(0)} ms${later}`);
    }

    // 3. Navigation → interactive module page, cold cache each time, signed in.
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
    recordResult('web-first-screen', firstRenderKib);
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
