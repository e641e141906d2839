// The export worker thread's entry: writes PDFs from figures the main thread read, so that a
// document's layout (tens of milliseconds of CPU each) never holds the event loop. It reads no
// database and keeps no state between documents. Started by ExportPool (exportPool.ts); in the
// production bundle it is its own entry point (bff/build.mjs).
import { parentPort } from 'node:worker_threads';
import { writeReportPdf } from './pdf';
import type { ExportTask, ExportTaskResult } from './exportPool';

if (!parentPort) throw new Error('exportWorker.ts runs as a worker thread only');
const port = parentPort;

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
