// The printable report's words: every text of it can be written with the standard PDF fonts,
// every module has its method paragraph in both languages, and messages are filled and
// pluralised as the web app does.
import { describe, expect, it } from 'vitest';
import { MODULE_TYPES } from '@carbon/shared';
import { winAnsi } from './layout';
import { fill, plural, REPORT_LOCALES, reportText } from './messages';

function strings(obj: object): string[] {
  return Object.values(obj).flatMap((v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? strings(v) : []));
}

describe('the printable report’s messages', () => {
  it.each(REPORT_LOCALES)('in %s use only characters the standard fonts have', (locale) => {
    const { report, app } = reportText(locale);
    const used = [...strings(report), ...strings(app.units), ...strings(app.reporting.categories), ...strings(app.reporting.scopeNames), ...strings(app.results), ...strings(app.incomplete)];
    for (const m of MODULE_TYPES) used.push((app.modules as Record<string, { title: string }>)[m]!.title);
    for (const text of used) expect(winAnsi(text), text).toBe(text);
  });

  it.each(REPORT_LOCALES)('in %s describe every module’s method', (locale) => {
    const methods = reportText(locale).report.method.modules as Record<string, string | undefined>;
    for (const m of MODULE_TYPES) expect(methods[m], m).toBeTruthy();
  });

  it('are filled and pluralised as vue-i18n does', () => {
    expect(fill('{value} t CO2e', { value: '1.5' })).toBe('1.5 t CO2e');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
    const notice = 'Incomplete: {n} entry without a factor | Incomplete: {n} entries without a factor';
    expect([plural(notice, 1), plural(notice, 3), plural(notice, 0)]).toEqual(['Incomplete: 1 entry without a factor', 'Incomplete: 3 entries without a factor', 'Incomplete: 0 entries without a factor']);
    expect([0, 1, 7].map((n) => plural('no entries | 1 entry | {n} entries', n))).toEqual(['no entries', '1 entry', '7 entries']);
  });

  it('are written in WinAnsi: digit groups keep a no-break space, other characters their nearest form', () => {
    expect(winAnsi('1\u202f234,5 t CO2e')).toBe('1\u00a0234,5 t CO2e');
    expect(winAnsi('CO₂e — é à œ € …')).toBe('CO2e — é à œ € …');
    expect(winAnsi('漢')).toBe('?');
  });
});
