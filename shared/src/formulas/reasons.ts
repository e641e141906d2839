// Why an emission has no figure. Formulas write the reason in English into `meta.reason` (kept
// with the row, shown in the report's CSV); they build it only here, so that `reasonsOf` can read
// any stored reason back as codes with params, which the web app words in the user's language
// (`method.reasons.<code>` in web/src/i18n/). Several reasons are joined with "; ".

/** Each reason's English text, with `{param}` placeholders. Order matters when reading back: a
 * text that starts like another comes first. */
export const NO_FIGURE_REASONS = {
  no_conversion: 'the factor has no {key}: a quantity in {unit} cannot be converted to {base}',
  no_value: 'the factor has no {key}',
  no_factor: 'no factor applies',
  no_grid_factor: 'no grid factor applies',
  no_lifetime: 'neither the entry nor the factor gives a lifetime',
  no_exchange_rate: 'no exchange rate for {currency} in the year',
  no_gwp: 'no factor gives the GWP of {gas}',
  no_power: 'no factor gives the power of {resource}',
  no_pue: 'neither the entry nor a factor gives a PUE',
  no_price_index: 'no price index for {year}',
} as const;

export type NoFigureReason = keyof typeof NO_FIGURE_REASONS;

export const REASON_SEPARATOR = '; ';

/** A reason as a code and its params; `unknown` holds a text no formula of today writes. */
export type ReasonCode = { code: NoFigureReason; params: Record<string, string> } | { code: 'unknown'; params: { text: string } };

/** The English text of a reason. */
export function reasonText(code: NoFigureReason, params: Record<string, string | number> = {}): string {
  return NO_FIGURE_REASONS[code].replace(/\{(\w+)\}/g, (_m, k: string) => String(params[k] ?? ''));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = (Object.entries(NO_FIGURE_REASONS) as [NoFigureReason, string][]).map(([code, text]) => {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const source = text.split(/\{\w+\}/).map(escape).join('(.+?)');
  return { code, names, re: new RegExp(`^${source}$`) };
});

/** The reasons a stored `meta.reason` holds, in order. */
export function reasonsOf(reason: string | null | undefined): ReasonCode[] {
  if (!reason) return [];
  return reason.split(REASON_SEPARATOR).map((part): ReasonCode => {
    for (const p of PATTERNS) {
      const m = p.re.exec(part);
      if (m) return { code: p.code, params: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) };
    }
    return { code: 'unknown', params: { text: part } };
  });
}
