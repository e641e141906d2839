import { describe, expect, it } from 'vitest';
import { neutralise, toCsv } from '../src/utils/csv';
import { formatDate, formatKg, formatNumber, formatTonnes } from '../src/utils/format';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const s of ['=1+1', '+33 1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(s)).toBe(`'${s}`);
    for (const s of ['GVA', '1=1', 'a-b', '']) expect(neutralise(s)).toBe(s);
  });

  it('writes RFC 4180 text: quotes when needed, numbers as numbers, empty for null', () => {
    const text = toCsv(['name', 'kg_co2eq', 'note'], [
      ['Dubois, Chloé', 1914.25, null],
      ['=HYPERLINK("x")', 0, 'line\nbreak'],
      ['Ada', -3, true],
    ]);
    expect(text).toBe('name,kg_co2eq,note\r\n"Dubois, Chloé",1914.25,\r\n"\'=HYPERLINK(""x"")",0,"line\nbreak"\r\nAda,-3,true\r\n');
  });
});

describe('number formats', () => {
  it('groups digits with a thin space in every locale and uses the locale decimal mark', () => {
    expect(formatNumber(1234567.891, 'en', 2)).toBe('1\u202f234\u202f567.89');
    expect(formatNumber(1234567.891, 'fr', 2)).toBe('1\u202f234\u202f567,89');
  });

  it('shows totals in tonnes with one decimal and rows in kg', () => {
    expect(formatTonnes(2292.617, 'en')).toBe('2.3');
    expect(formatTonnes(12_345_678, 'fr')).toBe('12\u202f345,7');
    expect(formatKg(1914.25, 'en')).toBe('1\u202f914');
    expect(formatKg(1.44, 'fr')).toBe('1,4');
  });

  it('formats ISO dates in the locale', () => {
    expect(formatDate('2024-12-31', 'en')).toBe('Dec 31, 2024');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
