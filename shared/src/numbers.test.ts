import { describe, expect, it } from 'vitest';
import { decimalMarkOf, formatExact, readingsOf, readTyped, readWithMark } from './numbers';
import { THIN_SPACE } from './format';

describe('readingsOf: what a text can mean', () => {
  it('reads a text that has one meaning whatever the decimal mark', () => {
    expect(readingsOf('1234')).toEqual({ kind: 'either', value: 1234 });
    expect(readingsOf('1 234')).toEqual({ kind: 'either', value: 1234 });
    expect(readingsOf(`-1${THIN_SPACE}234`)).toEqual({ kind: 'either', value: -1234 });
    expect(readingsOf('1e3')).toEqual({ kind: 'either', value: 1000 });
  });

  it('reads a text written with one mark only that way', () => {
    expect(readingsOf('1.5')).toEqual({ kind: 'point', value: 1.5 });
    expect(readingsOf('0.125')).toEqual({ kind: 'point', value: 0.125 });
    expect(readingsOf('1,234.5')).toEqual({ kind: 'point', value: 1234.5 });
    expect(readingsOf('1,234,567')).toEqual({ kind: 'point', value: 1234567 });
    expect(readingsOf('1,5')).toEqual({ kind: 'comma', value: 1.5 });
    expect(readingsOf('0,8')).toEqual({ kind: 'comma', value: 0.8 });
    expect(readingsOf('01,234')).toEqual({ kind: 'comma', value: 1.234 });
    expect(readingsOf('1.5e3')).toEqual({ kind: 'point', value: 1500 });
    expect(readingsOf('1234,50')).toEqual({ kind: 'comma', value: 1234.5 });
    expect(readingsOf('1 234,5')).toEqual({ kind: 'comma', value: 1234.5 });
    expect(readingsOf('1.234,5')).toEqual({ kind: 'comma', value: 1234.5 });
    expect(readingsOf('1.234.567')).toEqual({ kind: 'comma', value: 1234567 });
  });

  it('gives both values of a text that reads two ways, and chooses neither', () => {
    expect(readingsOf('1,234')).toEqual({ kind: 'ambiguous', point: 1234, comma: 1.234 });
    expect(readingsOf('1.234')).toEqual({ kind: 'ambiguous', point: 1.234, comma: 1234 });
  });

  it('finds no number in malformed groups or text', () => {
    for (const text of ['', 'abc', '1,2,3', '12,34,567', '1.234.5', '1 234.567,5', '1..5', '1.', '1,234e3', '1,5e3', '--1']) {
      expect(readingsOf(text), text).toEqual({ kind: 'none' });
    }
  });

  it('reads with a given mark only the texts written that way', () => {
    expect(readWithMark('1,234', 'point')).toBe(1234);
    expect(readWithMark('1,234', 'comma')).toBe(1.234);
    expect(readWithMark('1.5', 'comma')).toBeUndefined();
  });
});

describe('readTyped: a number typed in the language of the form', () => {
  it('English: "1,234" is one thousand two hundred thirty-four', () => {
    expect(readTyped('1,234', 'en')).toEqual({ kind: 'number', value: 1234 });
    expect(readTyped('1234.5', 'en')).toEqual({ kind: 'number', value: 1234.5 });
  });

  it('English: "1,5" cannot be a thousands group, so it is refused with the way to write it', () => {
    expect(readTyped('1,5', 'en')).toEqual({ kind: 'other_mark', suggestion: '1.5' });
    expect(readTyped('1234,50', 'en')).toEqual({ kind: 'other_mark', suggestion: '1234.5' });
    expect(readTyped('1.234,5', 'en')).toEqual({ kind: 'other_mark', suggestion: '1234.5' });
  });

  it('French: "1 234,5" and "1234,5" are 1234.5; "1.234,5" too', () => {
    expect(readTyped('1 234,5', 'fr')).toEqual({ kind: 'number', value: 1234.5 });
    expect(readTyped('1234,5', 'fr')).toEqual({ kind: 'number', value: 1234.5 });
    expect(readTyped('1.234,5', 'fr')).toEqual({ kind: 'number', value: 1234.5 });
    expect(readTyped('0,8', 'fr')).toEqual({ kind: 'number', value: 0.8 });
  });

  it('French: a decimal point is refused with the way to write it; "1.234" is 1234, as French groups', () => {
    expect(readTyped('1.5', 'fr')).toEqual({ kind: 'other_mark', suggestion: '1,5' });
    expect(readTyped('1.234', 'fr')).toEqual({ kind: 'number', value: 1234 });
  });

  it('tells empty text from text that is no number', () => {
    expect(readTyped('  ', 'fr')).toEqual({ kind: 'empty' });
    expect(readTyped('douze', 'fr')).toEqual({ kind: 'not_a_number' });
  });
});

describe('decimalMarkOf and formatExact', () => {
  it('knows the decimal mark of each language of the app', () => {
    expect(decimalMarkOf('en')).toBe('point');
    expect(decimalMarkOf('fr')).toBe('comma');
  });

  it('writes every digit kept, grouped by thin spaces, with the mark asked', () => {
    expect(formatExact(1234.5, 'comma')).toBe(`1${THIN_SPACE}234,5`);
    expect(formatExact(1234567.125, 'point')).toBe(`1${THIN_SPACE}234${THIN_SPACE}567.125`);
    expect(formatExact(-0.8, 'comma')).toBe('-0,8');
    expect(formatExact(1234.5, 'comma', false)).toBe('1234,5');
  });
});
