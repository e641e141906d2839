// Each benchmark's key figures, written to bench/.results/<name>.json (git-ignored) at the end of
// its run; bench/run.ts reads them back for its summary table against the bars (bench/bars.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.results');

/** Figures by name: a number, or null when the run could not measure it. */
export type Figures = Record<string, number | null>;

export interface RecordedResult {
  name: string;
  /** ISO time of the run's end. */
  at: string;
  figures: Figures;
}

export function resultFile(name: string): string {
  return path.join(RESULTS_DIR, `${name}.json`);
}

/** Replaces the benchmark's result file with these figures. */
export function recordResult(name: string, figures: Figures): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const result: RecordedResult = { name, at: new Date().toISOString(), figures };
  fs.writeFileSync(resultFile(name), `${JSON.stringify(result, null, 2)}\n`);
}

/** The benchmark's last recorded figures, or undefined when it has none. */
export function readResult(name: string): RecordedResult | undefined {
  try {
    return JSON.parse(fs.readFileSync(resultFile(name), 'utf8')) as RecordedResult;
  } catch {
    return undefined;
  }
}
