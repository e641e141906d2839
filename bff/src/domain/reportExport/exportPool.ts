// The export workers: a few worker threads (node:worker_threads) that write PDFs, so that a
// burst of exports costs the event loop only the messages in and out. Each worker writes one
// document at a time; tasks wait in order for a free worker. Workers start at the first export
// (an instance nobody exports from never starts one), stay while idle without keeping the process
// alive, and a worker that dies is replaced; the document it was writing fails, the others go on.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../../log';
import { Worker } from 'node:worker_threads';
import type { ReportFigures } from './figures';
import type { ReportLocale } from './pdf';

export interface ExportTask {
  id: number;
  figures: ReportFigures;
  locale: ReportLocale;
}

export type ExportTaskResult = { id: number; bytes: Uint8Array; error?: undefined } | { id: number; error: string; bytes?: undefined };

interface Pending {
  task: ExportTask;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

/** The worker's script and the flags it needs. From the sources (tsx in development and tests),
 * the TypeScript file beside this one, run through tsx; in the production bundle, this code sits
 * in bff/dist/ with the worker's own entry, exportWorker.js (bff/build.mjs), plain JavaScript.
 * `import.meta.filename` tells them apart: the bundle keeps it as the bundle's own file. */
export function startExportWorker(): { worker: Worker; script: string } {
  const here = import.meta.dirname;
  if (import.meta.filename.endsWith('.js')) {
    const script = path.join(here, 'exportWorker.js');
    return { worker: new Worker(script), script };
  }
  // A worker thread inherits neither the parent's module hooks nor, on Node 20, a working
  // `--import tsx`: a one-line bootstrap registers tsx in the thread, then loads the TypeScript.
  const tsxPackage = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxPackage, 'dist/esm/api/index.mjs')).href;
  const entry = pathToFileURL(path.join(here, 'exportWorker.ts')).href;
  const worker = new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
  return { worker, script: fileURLToPath(entry) };
}

/** Workers to run by default: one per core this process may use. */
export const defaultExportWorkers = () => Math.max(1, os.availableParallelism());

export class ExportPool {
  readonly #size: number;
  readonly #idle: Worker[] = [];
  readonly #busy = new Map<Worker, Pending>();
  readonly #queue: Pending[] = [];
  #started = 0;
  #nextId = 1;
  #written = 0;
  #closed = false;

  constructor(
    size = defaultExportWorkers(),
    private readonly log?: Logger,
  ) {
    this.#size = Math.max(1, size);
  }

  get size(): number {
    return this.#size;
  }

  /** Documents the workers have written since the start. */
  get written(): number {
    return this.#written;
  }

  /** Tasks waiting for a worker, and being written. */
  get load(): { queued: number; running: number } {
    return { queued: this.#queue.length, running: this.#busy.size };
  }

  /** The PDF of these figures, written by a worker. */
  writePdf(figures: ReportFigures, locale: ReportLocale): Promise<Buffer> {
    if (this.#closed) return Promise.reject(new Error('the export workers are stopped'));
    return new Promise<Buffer>((resolve, reject) => {
      this.#queue.push({ task: { id: this.#nextId++, figures, locale }, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stops every worker; tasks not finished fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(new Error('the export workers are stopped'));
    const all = [...this.#idle.splice(0), ...this.#busy.keys()];
    for (const [, p] of this.#busy) p.reject(new Error('the export workers are stopped'));
    this.#busy.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length) {
      const worker = this.#idle.pop() ?? (this.#started < this.#size ? this.#start() : undefined);
      if (!worker) return;
      const pending = this.#queue.shift()!;
      this.#busy.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.task);
    }
  }

  #start(): Worker {
    const { worker, script } = startExportWorker();
    this.#started++;
    this.log?.debug({ script, workers: this.#started }, 'export worker started');
    worker.on('message', (result: ExportTaskResult) => {
      const pending = this.#busy.get(worker);
      if (!pending || pending.task.id !== result.id) return;
      this.#busy.delete(worker);
      worker.unref();
      if (!this.#closed) this.#idle.push(worker);
      if (result.error !== undefined) pending.reject(new Error(`the PDF could not be written: ${result.error}`));
      else {
        this.#written++;
        pending.resolve(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
      }
      this.#dispatch();
    });
    let gone = false;
    // A worker that fails emits 'error' then 'exit': it is replaced once.
    const lost = (err: Error) => {
      if (this.#closed || gone) return;
      gone = true;
      const pending = this.#busy.get(worker);
      this.#busy.delete(worker);
      const i = this.#idle.indexOf(worker);
      if (i >= 0) this.#idle.splice(i, 1);
      this.#started--;
      this.log?.warn({ err }, 'export worker lost');
      pending?.reject(err);
      this.#dispatch();
    };
    worker.on('error', (err) => lost(err));
    worker.on('exit', (code) => lost(new Error(`an export worker stopped (exit code ${code})`)));
    return worker;
  }
}
