// Every English message has a French twin and vice versa: no raw keys on screen in either language.
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';
import backofficeEn from '../src/i18n/backoffice.en';
import backofficeFr from '../src/i18n/backoffice.fr';
import reportEn from '../../shared/src/messages/report.en';
import reportFr from '../../shared/src/messages/report.fr';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('messages', () => {
  it('have the same keys in English and French', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('of the back office have the same keys in English and French', () => {
    expect(keys(backofficeFr).sort()).toEqual(keys(backofficeEn).sort());
  });

  it('of the printable report have the same keys in English and French', () => {
    expect(keys(reportFr).sort()).toEqual(keys(reportEn).sort());
  });

  it('have no empty message', () => {
    for (const messages of [en, fr, backofficeEn, backofficeFr, reportEn, reportFr]) {
      for (const key of keys(messages)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages);
        expect(value, key).toBeTruthy();
      }
    }
  });
});
