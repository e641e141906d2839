#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + component + integration tests (vitest, real PostgreSQL),
// build, then end-to-end tests (Playwright in Debian's Chromium against the real stack).
// Stops at the first failing step and ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsDir = path.resolve('.data/test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed after ${secs}s`);
    console.log(`test: ${passed} passed, ${Math.max(1, failed)} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${label} (${secs}s)`);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    run('install Chromium (apt-get)', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
    return;
  }
  console.error(`Chromium is missing at ${CHROMIUM}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

let passed = 0;
let failed = 0;
/** Adds a runner's counts from its JSON report; a report showing failures (or none at all)
 * fails the run even when the runner's exit code did not say so. */
function count(label, file, pick) {
  let p = 0;
  let f = 1;
  try {
    [p, f] = pick(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    console.error(`✖ ${label}: no readable report at ${file}`);
  }
  passed += p;
  failed += f;
  if (f > 0 || p === 0) {
    console.error(`\n✖ ${label}: ${f} failed, ${p} passed`);
    console.log(`test: ${passed} passed, ${Math.max(1, failed)} failed`);
    process.exit(1);
  }
}

ensureChromium();
run('typecheck', 'npx', ['vue-tsc', '-b']);
run('lint', 'npx', ['eslint', '.']);
const vitestJson = path.join(resultsDir, 'vitest.json');
run('unit, component and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
count('vitest', vitestJson, (j) => [j.numPassedTests, j.success ? j.numFailedTests : Math.max(1, j.numFailedTests)]);
run('build the web app', 'npm', ['run', 'build']);
const pwJson = path.join(resultsDir, 'playwright.json');
run('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
count('playwright', pwJson, (j) => [j.stats.expected, j.stats.unexpected]);
console.log(`\ntest: ${passed} passed, ${failed} failed`);
