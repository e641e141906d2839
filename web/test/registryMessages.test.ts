// Every text the registry asks for exists in English and French: module titles and
// descriptions, entry types, fields, select options.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, MODULES } from '@carbon/shared';
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

describe('registry messages', () => {
  it.each(keys)('%s exists in en and fr', (key) => {
    expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    expect(typeof lookup(fr, key), `fr ${key}`).toBe('string');
  });
});
