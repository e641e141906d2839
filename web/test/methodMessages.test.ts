// The method views word everything the registry and the formulas can produce, in English and
// French: a formula per emission type of every entry type, a label per value column and per
// classification key of every factor set, a message per reason a figure can be missing for; and
// no formula is left for an entry or emission type the registry no longer has.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, FACTOR_SETS, NO_FIGURE_REASONS } from '@carbon/shared';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';

const lookup = (messages: object, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);

const formulaKeys = Object.values(ENTRY_TYPES).flatMap((t) => t.emissionTypes.map((e) => `method.formulas.${t.type}.${e.type}`));
const sets = Object.values(FACTOR_SETS);
const keys = [
  ...formulaKeys,
  ...[...new Set(sets.flatMap((s) => [...s.values, ...(s.optionalValues ?? [])]))].map((v) => `method.valueKeys.${v}`),
  ...[...new Set(sets.flatMap((s) => s.keys))].map((k) => `method.inputs.${k}`),
  ...Object.keys(NO_FIGURE_REASONS).map((r) => `method.reasons.${r}`),
];

describe('method messages', () => {
  it.each(keys)('%s exists in en and fr', (key) => {
    expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    expect(typeof lookup(fr, key), `fr ${key}`).toBe('string');
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s has no formula for an entry or emission type the registry does not have', (_lang, messages) => {
    const written = Object.entries(messages.method.formulas).flatMap(([type, byEmission]) => Object.keys(byEmission).map((e) => `method.formulas.${type}.${e}`));
    expect(written.filter((k) => !formulaKeys.includes(k))).toEqual([]);
  });
});
