// Every text the registry asks for exists in English and French: module titles and
// descriptions, entry types, fields, select options, factor sets of modules, reporting
// categories, scopes and units. And no module or reporting text is left over for something the
// registry no longer has (a renamed field, a removed option or category).
import { describe, expect, it } from 'vitest';
import { CATEGORIES, ENTRY_TYPES, entryTypesOf, FACTOR_SETS, GHG_SCOPES, MODULE_TYPES, MODULES, UNITS } from '@carbon/shared';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';

const lookup = (messages: object, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);

const keys: string[] = [];
for (const m of Object.values(MODULES)) keys.push(m.i18nKey, m.i18nKey.replace(/\.title$/, '.description'));
for (const t of Object.values(ENTRY_TYPES)) {
  keys.push(t.i18nKey);
  for (const f of t.fields) {
    keys.push(f.i18nKey);
    for (const o of f.options ?? []) keys.push(`${f.i18nKey.replace('.fields.', '.options.')}.${o}`);
  }
}
for (const set of Object.values(FACTOR_SETS)) if (!set.entryType) keys.push(set.i18nKey);
const reportingKeys = [
  ...CATEGORIES.map((c) => c.i18nKey),
  ...GHG_SCOPES.map((s) => `reporting.scopeNames.${s}`),
  ...UNITS.map((u) => `reporting.units.${u}`),
  'reporting.scope',
  'reporting.byScope',
];
keys.push(...reportingKeys);

/** Every message key under `modules.` and `reporting.`, as `modules.<module>.<group>.<…>`. */
function registryMessageKeys(messages: object): string[] {
  const walk = (o: object, prefix: string): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? walk(v as object, `${prefix}.${k}`) : [`${prefix}.${k}`]));
  const m = messages as { modules: object; reporting: object };
  return [...walk(m.modules, 'modules'), ...walk(m.reporting, 'reporting')];
}

/** Keys the registry can ask for: the required ones, and the optional table header (`columns.`)
 * and format hint (`hints.`) of each field. */
const known = new Set(keys);
for (const m of MODULE_TYPES) {
  for (const f of entryTypesOf(m).flatMap((t) => t.fields)) known.add(`modules.${m}.columns.${f.key}`).add(`modules.${m}.hints.${f.key}`);
}

describe('registry messages', () => {
  it.each(keys)('%s exists in en and fr', (key) => {
    expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    expect(typeof lookup(fr, key), `fr ${key}`).toBe('string');
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s has no module or reporting message the registry does not ask for', (_lang, messages) => {
    expect(registryMessageKeys(messages).filter((k) => !known.has(k))).toEqual([]);
  });
});
