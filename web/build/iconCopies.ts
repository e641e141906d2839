// Vite build plugin: each file importing an icon module of @quasar/extras (one module per icon
// set, thousands of SVG paths) gets its own copy of it, so that each chunk carries only the icons
// its files name. With the package's single module, every icon the app names would sit in one
// chunk, which the signed-in layout loads (src/icons.ts) even for the icons only other pages show
// (src/pageIcons.ts). The copies hold the package's own strings, read from it at build time.
import type { Plugin } from 'vite';

const SETS = ['@quasar/extras/material-icons', '@quasar/extras/material-icons-outlined'];
const PREFIX = '\0icon-copy:';

export function iconCopies(): Plugin {
  return {
    name: 'carbon:icon-copies',
    apply: 'build',
    // Before Vite's own resolution, which would give every importer the package's module.
    enforce: 'pre',
    resolveId(id, importer) {
      return SETS.includes(id) && importer ? `${PREFIX}${id}?${importer}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const set = id.slice(PREFIX.length, id.indexOf('?'));
      const icons = (await import(set)) as Record<string, unknown>;
      // Every export, as the package has them: the bundle keeps the ones the importer names.
      return Object.entries(icons)
        .filter(([name, svg]) => /^\w+$/.test(name) && name !== 'default' && typeof svg === 'string')
        .map(([name, svg]) => `export const ${name} = ${JSON.stringify(svg)};`)
        .join('\n');
    },
  };
}
