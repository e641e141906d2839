// Every Material icon name the app uses has its SVG in web/src/icons.ts or pageIcons.ts: the app
// ships no icon font, so a name missing from the maps would show as its bare text. The signed-in
// layout and the unit home load only the first (the other pages bring the second), so what they
// use must be there. The scan reads the sources
// the way people write icons here:
//  - templates: any attribute whose name contains "icon" (icon, icon-right, dropdown-icon, …),
//    static (icon="add") or bound (:icon="open ? 'expand_less' : 'expand_more'": every quoted
//    literal), and name / :name on <q-icon>;
//  - scripts: properties whose key contains "icon" (menu: { icon: 'tune' }), and the string values
//    of a declaration whose name contains "icon" (const ICONS = { waiting: 'schedule' },
//    const icon = computed(() => ({ validated: 'verified' })[status])).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_ICONS } from '../src/icons';
import { PAGE_ICONS } from '../src/pageIcons';

const ICONS: Readonly<Record<string, string>> = { ...SHELL_ICONS, ...PAGE_ICONS };

const SRC = path.resolve(import.meta.dirname, '../src');
const NAME = /^[a-z0-9_]+$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(vue|ts)$/.test(e.name) && !p.startsWith(path.join(SRC, 'i18n')) ? [p] : [];
  });
}

/** The sources `start` imports at run time, transitively (relative imports; not `import type`). */
function staticGraph(start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\s*import\s+(?!type\b)(?:[^'"]*?from\s+)?['"](\.[^'"]+)['"]/gm)) {
      const base = path.resolve(path.dirname(file), m[1]!);
      const found = [base, `${base}.ts`, `${base}.vue`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (found) visit(found);
    }
  };
  start.forEach((f) => visit(path.join(SRC, f)));
  return [...seen];
}

const literals = (expr: string) => [...expr.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`$\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/** The text of the expression starting at `from`, up to its end (a `;`, or a newline or `,` outside brackets). */
function expressionAt(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(from, i);
      depth--;
    } else if (depth === 0 && (c === ';' || c === '\n' || c === ',')) return text.slice(from, i);
  }
  return text.slice(from);
}

/** Icon names used in one file: a .vue file's template and script, or a .ts file (script). */
function iconNamesIn(text: string, vue: boolean): string[] {
  const scripts = vue ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!) : [text];
  const template = vue ? text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '') : '';
  return [...templateIcons(template), ...scripts.flatMap(scriptIcons)].filter((n) => NAME.test(n));
}

function templateIcons(text: string): string[] {
  const names: string[] = [];
  // Template attributes whose name contains "icon": static or bound.
  for (const m of text.matchAll(/(?:^|\s)(:|v-bind:)?([\w-]*icon[\w-]*)="([^"]*)"/gi)) names.push(...(m[1] ? literals(m[3]!) : [m[3]!]));
  // <q-icon name="…"> / :name="…".
  for (const tag of text.matchAll(/<q-icon\b[^>]*>/g)) {
    for (const m of tag[0].matchAll(/\s(:|v-bind:)?name="([^"]*)"/g)) names.push(...(m[1] ? literals(m[2]!) : [m[2]!]));
  }
  return names;
}

function scriptIcons(text: string): string[] {
  const names: string[] = [];
  // `icon: 'x'`, `menuIcon: cond ? 'a' : 'b'`.
  for (const m of text.matchAll(/\b\w*icon\w*\s*:\s*/gi)) names.push(...literals(expressionAt(text, m.index + m[0].length)));
  // `const ICONS = { … }` / `const icon = computed(() => ({ … })[x])`.
  for (const m of text.matchAll(/\b(?:const|let|var)\s+\w*icon\w*\s*(?::[^=\n]+)?=\s*/gi)) names.push(...literals(expressionAt(text, m.index + m[0].length)));
  return names;
}

describe('SVG icons', () => {
  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) for (const name of iconNamesIn(fs.readFileSync(file, 'utf8'), file.endsWith('.vue'))) used.set(name, path.relative(SRC, file));

  it('finds the icons of each way they are written', () => {
    const template = `<template>
      <q-btn icon="add" icon-right="arrow_forward" :icon="open ? 'expand_less' : 'expand_more'" :name="v" />
      <q-icon size="sm" :name="filter ? 'search_off' : 'inbox'" /><q-icon name="info" />
      <q-tab :name="v" label="x" />
    </template>
    <script setup lang="ts">
      const ICONS: Record<S, string> = { waiting: 'schedule', done: 'check_circle' };
      const icon = computed(() => ({ validated: 'verified' })[props.status]);
      meta: { menu: { label: 'backoffice.nav.uploads', icon: 'upload_file' } },
    </script>`;
    expect(iconNamesIn(template, true).sort()).toEqual(
      ['add', 'arrow_forward', 'check_circle', 'expand_less', 'expand_more', 'inbox', 'info', 'schedule', 'search_off', 'upload_file', 'verified'].sort(),
    );
  });

  it('has an SVG for every icon the app uses', () => {
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter(([name]) => !ICONS[name]).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'add these to web/src/icons.ts').toEqual([]);
  });

  it('has the icons of the signed-in layout and the unit home in the layout\'s map', () => {
    const missing = staticGraph(['layouts/MainLayout.vue', 'pages/UnitHomePage.vue', 'components/LanguageMenu.vue']).flatMap((file) =>
      iconNamesIn(fs.readFileSync(file, 'utf8'), file.endsWith('.vue'))
        .filter((name) => !SHELL_ICONS[name])
        .map((name) => `${name} (${path.relative(SRC, file)})`),
    );
    expect(missing, 'move these from web/src/pageIcons.ts to icons.ts').toEqual([]);
  });

  it('names each icon once', () => {
    expect(Object.keys(SHELL_ICONS).filter((name) => PAGE_ICONS[name])).toEqual([]);
  });

  it('maps each name to an SVG path', () => {
    for (const [name, svg] of Object.entries(ICONS)) expect(svg, name).toMatch(/^M/);
  });
});
