// The disk's own sync latency while a benchmark runs. Path 1's writes are durable: each commit
// waits for PostgreSQL's WAL to be flushed, so a disk that stalls a flush for half a second stalls
// every writer with it, whatever the service does. A worker thread writes 8 KiB beside the data
// and flushes it (fdatasync) every 50 ms, and keeps each flush's time, so that a run's tail can be
// read against the disk's (docs/performance-history.md, "Path 1's tail is the disk's"). Its own load is
// about 20 small flushes a second against PostgreSQL's hundreds.
import { Worker } from 'node:worker_threads';
import { summarize, type Summary } from './stats';

const WORKER = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const fd = fs.openSync(workerData.file, 'w');
const page = Buffer.alloc(8192, 1);
let running = true;
parentPort.on('message', () => { running = false; });
const tick = () => {
  if (!running) { fs.closeSync(fd); fs.rmSync(workerData.file, { force: true }); parentPort.close(); return; }
  const started = performance.now();
  fs.writeSync(fd, page, 0, page.length, 0);
  fs.fdatasyncSync(fd);
  parentPort.postMessage([Date.now(), performance.now() - started]);
  setTimeout(tick, 50);
};
tick();
`;

export interface DiskProbe {
  /** The longest flush that overlapped [from, to] (wall-clock ms), 0 when none was measured. */
  longestBetween(from: number, to: number): number;
  /** Every flush so far, and how many took longer than 50 ms. */
  summary(): Summary & { stalls: number };
  stop(): Promise<void>;
}

/** Starts flushing a file in `dir` (on the disk under test) until `stop`. */
export function startDiskProbe(dir: string): DiskProbe {
  // [end of the flush, its duration in ms]
  const samples: [number, number][] = [];
  const worker = new Worker(WORKER, { eval: true, workerData: { file: `${dir}/disk-probe` } });
  worker.on('message', (s: [number, number]) => samples.push(s));
  // Never what keeps the benchmark alive (stopped in its `finally`, or gone with it).
  worker.unref();
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    longestBetween: (from, to) => samples.reduce((worst, [end, ms]) => (end >= from && end - ms <= to ? Math.max(worst, ms) : worst), 0),
    summary: () => ({ ...summarize(samples.map(([, ms]) => ms)), stalls: samples.filter(([, ms]) => ms > 50).length }),
    stop: async () => {
      worker.postMessage('stop');
      await ended;
    },
  };
}
