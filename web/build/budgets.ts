// The first-screen JavaScript budgets (web/budgets.json), measured from Vite's build manifest.
// A screen's JavaScript is what the browser must load before it can draw it: the entry chunk,
// the chunk of each route component the screen matches (a page and its layout), and every chunk
// these import statically, transitively. Chunks they import dynamically (pages of other routes)
// are not part of the screen, except those it waits for before its content shows (`awaits`: the
// HTTP client, src/api/http.ts, which a signed-in page needs for its first API read).

/** One chunk of `.vite/manifest.json` (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A screen's budget: its route components (manifest keys, paths under web/), the dynamically
 * imported modules it waits for before showing its content (manifest keys too), and the limit. */
export interface ScreenBudget {
  maxKiB: number;
  routes: string[];
  awaits?: string[];
}
export type Budgets = Record<string, ScreenBudget>;

export interface ScreenMeasure {
  screen: string;
  files: string[];
  bytes: number;
  maxBytes: number;
  ok: boolean;
}

/** The manifest keys a screen's JavaScript starts from (besides the entries). */
export const screenKeys = (budget: ScreenBudget): string[] => [...budget.routes, ...(budget.awaits ?? [])];

/** JavaScript files of a screen: the entries and `routes`, with their static imports. */
export function screenFiles(manifest: Manifest, routes: string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error('the build manifest has no entry chunk');
  const missing = routes.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`route component(s) not in the build manifest: ${missing.join(', ')} (renamed? update web/budgets.json)`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest imports ${key} but does not list it`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  [...entries, ...routes].forEach(visit);
  return [...new Set([...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')))].sort();
}

/** Each screen's compressed JavaScript against its budget; `sizeOf` gives a file's gzip bytes. */
export function measureScreens(manifest: Manifest, budgets: Budgets, sizeOf: (file: string) => number): ScreenMeasure[] {
  return Object.entries(budgets).map(([screen, budget]) => {
    const files = screenFiles(manifest, screenKeys(budget));
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const maxBytes = budget.maxKiB * 1024;
    return { screen, files, bytes, maxBytes, ok: bytes <= maxBytes };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One line per screen, then the verdict; the over-budget screens are named. */
export function budgetReport(measures: ScreenMeasure[]): string {
  const lines = measures.map(
    (m) => `  ${m.screen.padEnd(10)} ${kib(m.bytes).padStart(10)} of ${kib(m.maxBytes).padStart(9)} gzip, ${m.files.length} files${m.ok ? '' : '  OVER BUDGET'}`,
  );
  const over = measures.filter((m) => !m.ok);
  lines.push(
    over.length === 0
      ? 'First-screen JavaScript budgets met.'
      : `First-screen JavaScript budget exceeded: ${over.map((m) => `${m.screen} by ${kib(m.bytes - m.maxBytes)}`).join(', ')} (budgets in web/budgets.json; what each screen loads: docs/performance.md, "Web first screen").`,
  );
  return lines.join('\n');
}
