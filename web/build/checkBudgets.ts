// Run by `npm run build --workspace web` after `vite build`: measures the gzip JavaScript of each
// screen in web/budgets.json from dist/.vite/manifest.json and exits non-zero when one is over.
//   node --import tsx build/checkBudgets.ts [--verbose]   (from web/)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { budgetReport, measureScreens, type Budgets, type Manifest } from './budgets';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(WEB, 'dist');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** gzip level 9, as Vite's build report and bench/web-first-screen.ts. */
export const gzipBytes = (file: string): number => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

try {
  const manifest = readJson<Manifest>(path.join(DIST, '.vite/manifest.json'));
  const budgets = readJson<Budgets>(path.join(WEB, 'budgets.json'));
  const measures = measureScreens(manifest, budgets, (file) => gzipBytes(path.join(DIST, file)));
  if (process.argv.includes('--verbose')) {
    for (const m of measures) console.log(`${m.screen}:\n${m.files.map((f) => `    ${f.padEnd(48)} ${(gzipBytes(path.join(DIST, f)) / 1024).toFixed(1).padStart(7)} KiB`).join('\n')}`);
  }
  console.log(budgetReport(measures));
  if (measures.some((m) => !m.ok)) process.exit(1);
} catch (err) {
  console.error(`First-screen JavaScript budget check failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
