// The export worker thread's entry: writes PDFs from figures the main thread read, so that a
// document's layout (tens of milliseconds of CPU each) never holds the event loop. It reads no
// database and keeps no state between documents. Started by ExportPool (exportPool.ts); in the
// production bundle it is its own entry point (bff/build.mjs).
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { writeReportPdf } from './pdf';
import type { ExportTask, ExportTaskResult } from './exportPool';

if (!parentPort) throw new Error('exportWorker.ts runs as a worker thread only');
const port = parentPort;
// On Linux the nice value is per thread: this one yields the cores to the event loop (and to
// PostgreSQL) when they compete, so a burst of exports delays other requests as little as it can.
// Elsewhere it may apply to the whole process, so it is only lowered where threads have their own.
if (process.platform === 'linux') {
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // not permitted: the worker runs at the process's priority
  }
}

port.on('message', (task: ExportTask) => {
  writeReportPdf(task.figures, task.locale).then(
    (pdf) => {
      // The bytes move to the main thread without a copy.
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? bytes : bytes.slice();
      const result: ExportTaskResult = { id: task.id, bytes: owned };
      port.postMessage(result, [owned.buffer as ArrayBuffer]);
    },
    (err: unknown) => {
      const result: ExportTaskResult = { id: task.id, error: err instanceof Error ? err.message : String(err) };
      port.postMessage(result);
    },
  );
});
