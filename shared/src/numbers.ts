// Reading numbers as people write them, for the form inputs (web) and the CSV files (BFF): one set
// of rules, so a value means the same wherever it is typed. A number has one decimal mark, a
// point or a comma, and may group its whole part by thousands with the other mark or a space
// ("1,234.5", "1.234,5", "1 234,5"). Some texts read both ways with different values ("1,234"
// is 1234 with a decimal point and 1.234 with a decimal comma): those are never guessed. A form
// reads them by its language; a file by what its column shows elsewhere or what the upload
// declares (bff/src/jobs/handlers/csvIngest/decimals.ts).
import { THIN_SPACE } from './format';

export const DECIMAL_MARKS = ['point', 'comma'] as const;
export type DecimalMark = (typeof DECIMAL_MARKS)[number];

const CHAR: Record<DecimalMark, string> = { point: '.', comma: ',' };
const other = (mark: DecimalMark): DecimalMark => (mark === 'point' ? 'comma' : 'point');

/** Spaces that group digits: a plain space, a no-break space, a narrow no-break space (what the
 * app itself writes between groups). */
const SPACE = /[ \u00a0\u202f]/g;

/** The value `text` has when `mark` is its decimal mark; undefined when it is no number written
 * that way. Groups are of three digits after a first one of one to three (not starting with 0),
 * all separated alike, by the other mark or by spaces. An exponent ("1.5e3") is allowed
 * without groups, and with a decimal point only. */
export function readWithMark(text: string, mark: DecimalMark): number | undefined {
  const m = /^([+-]?)(.*?)(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const [, sign, body, exponent] = m as unknown as [string, string, string, string | undefined];
  const parts = body.split(CHAR[mark]);
  if (parts.length > 2) return undefined;
  const [whole, fraction] = parts as [string, string | undefined];
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return undefined;
  if (whole === '' && fraction === undefined) return undefined;
  // An exponent is a programmer's notation, written with a decimal point.
  if (exponent !== undefined && mark === 'comma' && fraction !== undefined) return undefined;
  let digits = whole;
  if (!/^\d*$/.test(whole)) {
    const groups = whole.replace(SPACE, ' ').split(/([ ]|[.,])/);
    const separators = new Set(groups.filter((_, i) => i % 2 === 1));
    const numbers = groups.filter((_, i) => i % 2 === 0);
    const separator = [...separators][0];
    if (exponent !== undefined || separators.size !== 1 || (separator !== ' ' && separator !== CHAR[other(mark)])) return undefined;
    if (!/^[1-9]\d{0,2}$/.test(numbers[0]!) || !numbers.slice(1).every((g) => /^\d{3}$/.test(g))) return undefined;
    digits = numbers.join('');
  }
  const value = Number(`${sign}${digits || '0'}${fraction !== undefined ? `.${fraction}` : ''}${exponent !== undefined ? `e${exponent}` : ''}`);
  return Number.isFinite(value) ? value : undefined;
}

/** What a text can mean: no number; the same number whatever the mark ("1234", "1 234");
 * a number only with one mark ("1.5", "1,5", "1.234,5"); or two numbers ("1,234", "1.234"). */
export type NumberReading =
  | { kind: 'none' }
  | { kind: 'either'; value: number }
  | { kind: DecimalMark; value: number }
  | { kind: 'ambiguous'; point: number; comma: number };

export function readingsOf(text: string): NumberReading {
  // Most cells of a file: whole numbers, read at once.
  if (/^[+-]?\d+$/.test(text)) return { kind: 'either', value: Number(text) };
  const point = readWithMark(text, 'point');
  const comma = readWithMark(text, 'comma');
  if (point === undefined && comma === undefined) return { kind: 'none' };
  if (point === undefined) return { kind: 'comma', value: comma! };
  if (comma === undefined) return { kind: 'point', value: point };
  return point === comma ? { kind: 'either', value: point } : { kind: 'ambiguous', point, comma };
}

/** The value of a reading with `mark` as the decimal mark, undefined when it is written with the
 * other one (or is no number). */
export function valueWithMark(reading: NumberReading, mark: DecimalMark): number | undefined {
  if (reading.kind === 'none') return undefined;
  if (reading.kind === 'ambiguous') return reading[mark];
  if (reading.kind === 'either' || reading.kind === mark) return reading.value;
  return undefined;
}

/** The decimal mark of a language ("en" → point, "fr" → comma), as Intl writes its numbers. */
export function decimalMarkOf(locale: string): DecimalMark {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? 'comma' : 'point';
}

/** A number written exactly (every digit JavaScript keeps, no rounding) with `mark` and the app's
 * thin-space groups: what a form shows it will store ("1 234,5"). */
export function formatExact(value: number, mark: DecimalMark, grouped = true): string {
  const text = String(Math.abs(value));
  if (/e/i.test(text)) return `${value < 0 ? '-' : ''}${mark === 'comma' ? text.replace('.', ',') : text}`;
  const [whole, fraction] = text.split('.') as [string, string | undefined];
  const groupedWhole = grouped ? whole.replace(/\B(?=(\d{3})+$)/g, THIN_SPACE) : whole;
  return `${value < 0 ? '-' : ''}${groupedWhole}${fraction !== undefined ? `${CHAR[mark]}${fraction}` : ''}`;
}

/** What a form input makes of the text typed in a language: a number, nothing (empty), or a
 * refusal — no number at all, or one written with the other language's decimal mark ("1,5" in
 * English), which is refused rather than read another way: `suggestion` is how to write it. */
export type TypedNumber =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'not_a_number' }
  | { kind: 'other_mark'; suggestion: string };

export function readTyped(text: string, locale: string): TypedNumber {
  if (text.trim() === '') return { kind: 'empty' };
  const mark = decimalMarkOf(locale);
  const reading = readingsOf(text);
  const value = valueWithMark(reading, mark);
  if (value !== undefined) return { kind: 'number', value };
  if (reading.kind === other(mark)) return { kind: 'other_mark', suggestion: formatExact(reading.value, mark, false) };
  return { kind: 'not_a_number' };
}
