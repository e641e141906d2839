// The English messages in parts (src/i18n/parts.ts): together they are every message, each once,
// and what the signed-in layout and the unit home read is in the parts they load (core, shell, and
// the refusal codes' words with a failed answer).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en';
import { MESSAGE_PARTS, selectMessages, type MessageTree } from '../src/i18n/parts';

const SRC = path.resolve(import.meta.dirname, '../src');

function keys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** The sources `start` imports at run time, transitively (relative imports; not `import type`). */
function staticGraph(start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*import\s+(?!type\b)(?:[^'"]*?from\s+)?['"](\.[^'"]+)['"]/gm)) {
      const base = path.resolve(path.dirname(file), m[1]!);
      const found = [base, `${base}.ts`, `${base}.vue`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (found && !found.startsWith(path.join(SRC, 'i18n'))) visit(found);
    }
  };
  start.forEach((f) => visit(path.join(SRC, f)));
  return [...seen];
}

describe('the parts of the English messages', () => {
  it('hold every message once', () => {
    const parts = MESSAGE_PARTS.map((p) => keys(selectMessages(en, p)));
    expect(parts.flat().sort()).toEqual(keys(en).sort());
    expect(new Set(parts.flat()).size).toBe(keys(en).length);
    expect(parts.every((p) => p.length > 0)).toBe(true);
  });

  // Each screen's code names only keys of the parts it loads. The refusal codes' words come with
  // any failed answer (src/api/client.ts), before the code that words it (src/utils/errorText.ts)
  // sees it.
  const screens = [
    { name: 'the signed-in layout and the unit home', files: ['layouts/MainLayout.vue', 'pages/UnitHomePage.vue', 'components/LanguageMenu.vue', 'pages/ForbiddenPage.vue'], parts: ['core', 'shell', 'codes'] },
    { name: 'the signed-out pages', files: ['pages/LoginPage.vue', 'pages/AuthCompletePage.vue', 'pages/NotFoundPage.vue'], parts: ['core', 'codes'] },
  ] as const;
  it.each(screens)('give $name every key their code names', ({ files: start, parts }) => {
    const loaded = parts.flatMap((part) => keys(selectMessages(en, part)));
    const namespaces = Object.keys(en);
    // Key literals and the fixed start of keys built in templates (`module.status.${s}`).
    const literal = new RegExp(`['\`"]((?:${namespaces.join('|')})\\.[\\w.]*)(\\$\\{)?`, 'g');
    const files = staticGraph([...start]);
    expect(files.length).toBeGreaterThan(start.length);
    const missing: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(literal)) {
        const [, key, built] = m as unknown as [string, string, string | undefined];
        // A store or variable of the same name (workspace.unit) is not a message key.
        const prefixOfSome = (k: string) => k === key || k.startsWith(key.endsWith('.') ? key : `${key}.`);
        const known = built ? keys(en).some((k) => k.startsWith(key)) : keys(en).some(prefixOfSome);
        if (known && !(built ? loaded.some((k) => k.startsWith(key)) : loaded.some(prefixOfSome))) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('come with every other page: each imports src/pageParts.ts', () => {
    const covered = new Set<string>(screens.flatMap((s) => s.files.filter((f) => f.startsWith('pages/'))));
    const pages = fs.readdirSync(path.join(SRC, 'pages'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.vue')).map((f) => `pages/${f}`);
    const without = pages.filter((f) => !covered.has(f) && !/import\s+['"](\.\.\/)+pageParts['"]/.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(pages.length).toBeGreaterThan(covered.size);
    expect(without).toEqual([]);
  });
});
