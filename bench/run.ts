// `npm run bench [-- name…]`: runs the benchmarks one after the other and prints their figures,
// then one summary table: each bar (bars.ts), the figure its benchmark last recorded
// (bench/.results) and whether the bar is met. Each benchmark starts its own embedded PostgreSQL
// (and BFF where needed) and stops by itself. Run them on an otherwise idle machine: they
// measure, they do not pass or fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BAR_CHECKS } from './bars';
import { readResult } from './support/results';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHMARKS: Record<string, string> = {
  path1: 'Path 1 create/update/delete and the member list latency',
  jobThroughput: 'job claim + complete throughput, with graphile-worker side by side',
  jobEventLatency: 'job event → SSE client on another instance',
  pollerCost: 'statements per idle poller interval',
  rescueTime: 'time from the SIGKILL of an instance to the rescue of its job, default settings (median of 5)',
  rollingRestart: 'failed requests during a rolling restart of two instances behind HAProxy, under load',
  bulkPipeline: '100,000-row travel CSV upload → aggregation vs bare COPY',
  rollupResults: "a unit's results and the institution roll-up on 100 to 1,000 units × 5 years × 2,000 entries",
  'web-first-screen': 'first-screen JS after login and time to an interactive module page',
  resultsRead: "one report's results (breakdowns and ratios) with 2,000 entries, among 50 such reports",
  plans: 'a scenario with every lever on a unit of 20,000 entries, and the institution view of the plans at 1,000 units',
  exports: 'printable reports (PDF): 16 concurrent exports of different reports, the event loop meanwhile, an unchanged report again',
  moduleList: 'random pages of a 100,000-row module list at 8 readers',
  factorLibrary: 'the factor library loaded into an empty database, a later start, and a factor re-upload recalculating 100,000 entries',
};

const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !(n in BENCHMARKS));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(BENCHMARKS);

if (names.includes('jobThroughput') && !fs.existsSync(path.join(here, 'node_modules', 'graphile-worker'))) {
  // The comparison library is a bench-only dependency, kept out of the workspaces.
  spawnSync('npm', ['install', '--prefix', here, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

let failures = 0;
const failed = new Set<string>();
for (const name of names) {
  console.log(`\n=== ${name}: ${BENCHMARKS[name]} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failures++;
    failed.add(name);
  }
}

// The summary: every bar, from the figures recorded by this run or, for a benchmark not run now,
// by its last run (dated).
const rows = BAR_CHECKS.map((b) => {
  const result = readResult(b.benchmark);
  const checked = result ? b.check(result.figures) : undefined;
  const when = !result ? '' : names.includes(b.benchmark) && !failed.has(b.benchmark) ? 'this run' : `recorded ${result.at.slice(0, 16).replace('T', ' ')}`;
  const status = failed.has(b.benchmark) ? 'FAILED TO RUN' : !checked ? 'not measured' : checked.met ? 'met' : 'NOT MET';
  return [b.bar, checked?.figure ?? '-', status, when];
});
const header = ['bar', 'measured', 'status', 'figures from'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(`\n=== summary: the bars (bench/bars.ts) ===\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
for (const r of rows) console.log(line(r));
process.exit(failures ? 1 : 0);
