// The bars the service is held to (docs/performance.md, "The bars"), in one place: the
// benchmarks print their figures against these limits, and `npm run bench` (run.ts) ends with one
// table saying, for each bar, what its benchmark last recorded (bench/.results) and whether the
// bar is met.
import type { Figures } from './support/results';

export const BARS = {
  /** Job claim + complete, no-op handler: our rate ÷ graphile-worker's, same run, at least. */
  jobsToGraphile: { limit: 1.0, levels: [1, 4, 8] },
  /** 100,000 trips, upload → aggregation: the chain's time ÷ its same-index floor, at most. */
  bulkChainToFloor: { limit: 3 },
  /** The BFF's peak resident memory during that chain, MiB over its idle figure, at most. */
  bulkMemoryMib: { limit: 150 },
  /** Path 1 writes at 32 connections, on every entry type of the registry, in ms, at most. */
  path1: { connections: 32, p95: 25, p99: 50 },
  /** A unit's results read and the institution roll-up, one reader, on `units` units × 5 years ×
   * 2,000 entries (10 million entries): p95 in ms, at most. */
  rollupResults: { units: 1000, resultsP95: 100, rollupP95: 300 },
  /** A scenario with every lever on a unit of 20,000 entries, and the institution view of the
   * plans on `units` units: p95 in ms, at most, one reader. */
  plans: { units: 1000, scenarioP95: 200, institutionP95: 500 },
  /** Printable reports (PDF): p95 of a new report's download at `connections` concurrent exports,
   * the BFF's event-loop delay p99 meanwhile, and p95 of an unchanged report downloaded again, in
   * ms, at most. */
  exports: { connections: 16, pdfP95: 1000, eventLoopP99: 50, repeatP95: 20 },
  /** A module's entry list of 100,000 rows: p95 of any page at `connections` readers, ms, at most. */
  moduleList: { connections: 8, anyPageP95: 50 },
  /** First-screen JavaScript, gzip, KiB, at most. */
  webKib: { login: 100, home: 150, results: 250 },
} as const;

export interface BarCheck {
  /** What the bar says. */
  bar: string;
  /** The benchmark whose recorded figures it reads (bench/.results/<benchmark>.json). */
  benchmark: string;
  /** The measured figure, as printed, and whether it meets the bar; undefined: not measured. */
  check(figures: Figures): { figure: string; met: boolean } | undefined;
}

const at = (figures: Figures, key: string): number | undefined => {
  const v = figures[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** At most `limit` (or, with `atLeast`, at least) for the figure `key`. */
function limitCheck(key: string, limit: number, unit: string, atLeast = false): BarCheck['check'] {
  return (figures) => {
    const v = at(figures, key);
    if (v === undefined) return undefined;
    return { figure: `${v}${unit}`, met: atLeast ? v >= limit : v <= limit };
  };
}

/** A missed Path 1 figure says when the disk stalled a commit's flush longer than the p99 bar
 * during those runs (bench/support/diskProbe.ts): the service cannot answer a durable write sooner. */
function withDiskStalls(check: BarCheck['check']): BarCheck['check'] {
  return (figures) => {
    const result = check(figures);
    const stall = at(figures, 'disk_flush_max_ms');
    return result && !result.met && stall !== undefined && stall > BARS.path1.p99 ? { ...result, figure: `${result.figure} (a disk flush stalled ${stall} ms)` } : result;
  };
}

export const BAR_CHECKS: BarCheck[] = [
  ...BARS.jobsToGraphile.levels.map((c) => ({
    bar: `job engine ≥ ${BARS.jobsToGraphile.limit}× graphile-worker at concurrency ${c} (median ratio)`,
    benchmark: 'jobThroughput',
    check: limitCheck(`ratio_c${c}`, BARS.jobsToGraphile.limit, '×', true),
  })),
  {
    bar: `bulk chain ≤ ${BARS.bulkChainToFloor.limit}× its same-index floor, 100,000 trips`,
    benchmark: 'bulkPipeline',
    check: limitCheck('ratio_to_floor', BARS.bulkChainToFloor.limit, '×'),
  },
  {
    bar: `BFF peak memory during that chain ≤ +${BARS.bulkMemoryMib.limit} MiB over idle`,
    benchmark: 'bulkPipeline',
    check: limitCheck('peak_over_idle_mib', BARS.bulkMemoryMib.limit, ' MiB'),
  },
  {
    bar: `Path 1 p95 ≤ ${BARS.path1.p95} ms at ${BARS.path1.connections} connections (worst write of every entry type)`,
    benchmark: 'path1',
    check: withDiskStalls(limitCheck('worst_p95_ms', BARS.path1.p95, ' ms')),
  },
  {
    bar: `Path 1 p99 ≤ ${BARS.path1.p99} ms at ${BARS.path1.connections} connections (worst write of every entry type)`,
    benchmark: 'path1',
    check: withDiskStalls(limitCheck('worst_p99_ms', BARS.path1.p99, ' ms')),
  },
  {
    bar: `a unit's results p95 ≤ ${BARS.rollupResults.resultsP95} ms at ${BARS.rollupResults.units.toLocaleString('en')} units, one reader`,
    benchmark: 'rollupResults',
    check: limitCheck('results_p95_ms', BARS.rollupResults.resultsP95, ' ms'),
  },
  {
    bar: `institution roll-up p95 ≤ ${BARS.rollupResults.rollupP95} ms at ${BARS.rollupResults.units.toLocaleString('en')} units`,
    benchmark: 'rollupResults',
    check: limitCheck('rollup_p95_ms', BARS.rollupResults.rollupP95, ' ms'),
  },
  {
    bar: `a scenario with every lever on 20,000 entries p95 ≤ ${BARS.plans.scenarioP95} ms`,
    benchmark: 'plans',
    check: limitCheck('scenario_p95_ms', BARS.plans.scenarioP95, ' ms'),
  },
  {
    bar: `institution view of the plans p95 ≤ ${BARS.plans.institutionP95} ms at ${BARS.plans.units.toLocaleString('en')} units`,
    benchmark: 'plans',
    check: limitCheck('institution_p95_ms', BARS.plans.institutionP95, ' ms'),
  },
  {
    bar: `PDF export p95 ≤ ${BARS.exports.pdfP95} ms at ${BARS.exports.connections} concurrent exports of different reports`,
    benchmark: 'exports',
    check: limitCheck('pdf_p95_ms', BARS.exports.pdfP95, ' ms'),
  },
  {
    bar: `event-loop delay p99 ≤ ${BARS.exports.eventLoopP99} ms during those exports`,
    benchmark: 'exports',
    check: limitCheck('event_loop_p99_ms', BARS.exports.eventLoopP99, ' ms'),
  },
  {
    bar: `unchanged report's PDF downloaded again p95 ≤ ${BARS.exports.repeatP95} ms`,
    benchmark: 'exports',
    check: limitCheck('repeat_p95_ms', BARS.exports.repeatP95, ' ms'),
  },
  {
    bar: `any page of a 100,000-row module p95 ≤ ${BARS.moduleList.anyPageP95} ms at ${BARS.moduleList.connections} readers`,
    benchmark: 'moduleList',
    check: limitCheck('any_page_p95_ms', BARS.moduleList.anyPageP95, ' ms'),
  },
  ...(['login', 'home', 'results'] as const).map((page) => ({
    bar: `${page === 'home' ? 'unit home' : page} first-screen JS ≤ ${BARS.webKib[page]} KiB gzip`,
    benchmark: 'web-first-screen',
    check: limitCheck(`${page}_kib`, BARS.webKib[page], ' KiB'),
  })),
];
