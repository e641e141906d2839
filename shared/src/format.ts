// Number formatting for the web app and the BFF's printable report, so both show the same
// figures: the locale's decimal mark, and a narrow no-break space (thin space) between digit
// groups in every locale. Totals are tonnes with one decimal; rows are kilograms.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, f);
  }
  return f;
}

export const THIN_SPACE = '\u202f';

export function formatNumber(value: number, locale: string, minDigits = 0, maxDigits = minDigits): string {
  return formatter(locale, minDigits, maxDigits)
    .formatToParts(value)
    .map((p) => (p.type === 'group' ? THIN_SPACE : p.value))
    .join('');
}

/** kg → tonnes, one decimal: the unit of every total. */
export const formatTonnes = (kg: number, locale: string): string => formatNumber(kg / 1000, locale, 1);

/** A part's share of a total, in percent with one decimal ("12.5 %"); a dash when the total is 0. */
export const formatShare = (part: number, total: number, locale: string): string => (total > 0 ? `${formatNumber((100 * part) / total, locale, 1)} %` : '—');

/** kg of one row: whole kilograms, one decimal below 10 kg so small trips do not read as 0. */
export const formatKg = (kg: number, locale: string): string => (Math.abs(kg) < 10 ? formatNumber(kg, locale, 0, 1) : formatNumber(kg, locale, 0));

export const formatKm = (km: number, locale: string): string => formatNumber(km, locale, 0);

export const formatFte = (fte: number, locale: string): string => formatNumber(fte, locale, 0, 2);

/** An ISO date (YYYY-MM-DD) in the locale's short form, without shifting time zones. */
export function formatDate(iso: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}
