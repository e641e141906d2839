// Words for the method views (an entry's "how was this computed", the method page): the formula
// of each emission type, the inputs an emission row's meta keeps, the factor rows it read, and
// why a row has no figure — all from the registry and the messages under `method.` and the
// registry's own (web/src/i18n/). A meta key or value without a message still reads as itself.
import { useI18n } from 'vue-i18n';
import { ENTRY_TYPES, FACTOR_SETS, isNotConfigured, MODULES, NOT_CONFIGURED, reasonsOf, type EmissionView, type EntryTypeDef, type MethodFactor } from '@carbon/shared';
import { formatNumber } from '../utils/format';
import { useRegistryText } from './useRegistryText';

/** Meta keys shown elsewhere (the factors, the reason, the notes) or meaningless to people (ids). */
const NOT_INPUTS = new Set(['reason', 'location_ids', 'factor', 'factors', 'ratio', 'rate', 'outside_lifetime', 'before_acquisition', 'world_average_for', 'price_index_from', 'price_index_to', 'grid', NOT_CONFIGURED]);
/** Meta keys that say why a figure is 0 rather than missing. */
export const NOTE_KEYS = ['outside_lifetime', 'before_acquisition'] as const;

const humanize = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export interface Labelled {
  key: string;
  label: string;
  value: string;
}

export function useMethodText() {
  const { t, te, tm, locale } = useI18n();
  const registry = useRegistryText();
  const has = (key: string) => te(key) || te(key, 'en');
  const text = (key: string, fallback: string, params?: Record<string, unknown>) => (has(key) ? (params ? t(key, params) : t(key)) : fallback);

  /** Figures as people read them: fewer decimals the larger they are. */
  const number = (v: number) => formatNumber(v, locale.value, 0, Math.abs(v) >= 100 ? 1 : Math.abs(v) >= 1 ? 2 : 4);

  /** A value of a meta or classification key: its `method.values` message, else the option of
   * the entry type's select field of that name, else itself. */
  function valueLabel(type: EntryTypeDef | undefined, key: string, value: string): string {
    const own = `method.values.${key}.${value}`;
    if (has(own)) return t(own);
    const field = type?.fields.find((f) => f.key === key && (f.type === 'select' || f.type === 'unit'));
    return field ? registry.optionLabel(field, value) : value;
  }

  const unitLabel = (unit: string) => text(`reporting.units.${unit}`, text(`method.quantityUnits.${unit}`, unit));
  const valueKeyLabel = (key: string) => text(`method.valueKeys.${key}`, humanize(key));
  /** A meta or classification key (the same words: `band`, `carrier`, `currency`…). */
  const keyLabel = (key: string) => text(`method.inputs.${key}`, humanize(key));

  /** "kg CO2e = …": the formula of an emission type of an entry type, in words. */
  const formula = (type: EntryTypeDef, emissionType: string) => text(`method.formulas.${type.type}.${emissionType}`, '');

  /** "Scope 3 · Business travel" */
  const scopeCategory = (e: Pick<EmissionView, 'scope' | 'category'>) => `${t('reporting.scope', { n: e.scope })} · ${text(`reporting.categories.${e.category}`, e.category)}`;

  /** A meta key holding a calendar year: the report's, or one of the entry's year fields. */
  const isYear = (type: EntryTypeDef | undefined, key: string) => key === 'year' || !!type?.fields.some((f) => f.key === key && f.calendarYear);

  function inputValue(type: EntryTypeDef | undefined, key: string, v: unknown): string | null {
    if (typeof v === 'number' && isYear(type, key)) return String(v);
    if (typeof v === 'number') return key === 'share' ? `${formatNumber(v * 100, locale.value, 0, 2)} %` : number(v);
    // The unit a quantity was entered in (`unit` beside `quantity`), named like every unit.
    if (key === 'unit' && typeof v === 'string') return unitLabel(v);
    if (typeof v === 'string') return v === '' ? null : valueLabel(type, key, v);
    if (typeof v === 'boolean') return t(v ? 'table.yes' : 'table.no');
    if (key === 'conversion' && v && typeof v === 'object') {
      const c = v as { key: string; value: number };
      return `${number(c.value)} ${valueKeyLabel(c.key)}`;
    }
    if (key === 'components' && Array.isArray(v)) {
      return (v as { gas: string; share: number; gwp100: number }[])
        .map((c) => `${valueLabel(type, 'gas', c.gas)} ${formatNumber(c.share * 100, locale.value, 0, 2)} % × ${number(c.gwp100)}`)
        .join(' + ');
    }
    return null;
  }

  /** Inputs in the order their labels are written (stored meta comes back in jsonb's key order:
   * by length), unlabelled keys last. */
  const inputOrder = (key: string) => {
    const i = Object.keys(tm('method.inputs') as object).indexOf(key);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };

  /** What the figure was computed from, as kept in the row's meta, and the quantity it weighs. */
  function inputs(type: EntryTypeDef | undefined, e: Pick<EmissionView, 'meta' | 'quantity' | 'quantity_unit'>): Labelled[] {
    const out: Labelled[] = [];
    for (const [key, raw] of Object.entries(e.meta).sort(([a], [b]) => inputOrder(a) - inputOrder(b))) {
      if (NOT_INPUTS.has(key)) continue;
      const value = inputValue(type, key, raw);
      if (value !== null) out.push({ key, label: keyLabel(key), value });
    }
    if (e.quantity !== null) out.push({ key: 'quantity_weighed', label: t('method.quantityWeighed'), value: `${number(e.quantity)} ${unitLabel(e.quantity_unit)}` });
    return out;
  }

  /** Why a figure is 0 and not missing (outside a device's lifetime, before it was bought, an
   * optional set without a row for the year). */
  function notes(type: EntryTypeDef, e: Pick<EmissionView, 'meta'>, year: number): string[] {
    const m = e.meta;
    const out: string[] = [];
    if (isNotConfigured(e)) out.push(text(`method.notes.notConfigured.${type.type}`, '', { year }));
    if (m.outside_lifetime !== undefined) {
      const from = Number(m.acquisition_year);
      out.push(t('method.notes.outside_lifetime', { year, from, to: from + Math.ceil(Number(m.lifetime_years)) - 1 }));
    }
    if (m.before_acquisition !== undefined) out.push(t('method.notes.before_acquisition', { year, acquired: Number(m.acquisition_year) }));
    // A country without a factor of its own read the world average.
    if (typeof m.world_average_for === 'string') {
      out.push(m.world_average_for === 'unknown' ? t('method.notes.world_average_no_country') : t('method.notes.world_average', { country: m.world_average_for }));
    }
    // The report year's price index is not published yet: the latest one stands in.
    const from = (m.price_index_from as { classification?: Record<string, string> } | undefined)?.classification?.index_year;
    if (from !== undefined && Number(from) !== year) out.push(t('method.notes.price_index_earlier', { from, year }));
    return out;
  }

  /** Where a factor row comes from and what it counts: its source's edition (and that it was
   * applied to another year), its boundary, and whether it is a default or the back office's. */
  function provenance(f: MethodFactor, year: number): string[] {
    const out: string[] = [];
    if (typeof f.edition === 'number') out.push(f.edition === year ? t('method.edition', { edition: f.edition }) : t('method.editionApplied', { edition: f.edition, year }));
    if (f.boundary) out.push(t(`method.boundaries.${f.boundary}`));
    if (f.origin) out.push(t(`method.origins.${f.origin}`));
    return out;
  }

  /** Why a row has no figure, in the user's language (a text no formula writes today as it is). */
  const reasons = (e: Pick<EmissionView, 'meta'>): string[] =>
    reasonsOf(typeof e.meta.reason === 'string' ? e.meta.reason : null).map((r) => (r.code === 'unknown' ? r.params.text : t(`method.reasons.${r.code}`, { ...r.params, unit: r.params.unit ? unitLabel(r.params.unit) : '', base: r.params.base ? unitLabel(r.params.base) : '' })));

  /** "no per-FTE estimate configured": in place of the figure of an entry whose optional set has
   * no row for the year. */
  const notConfigured = (type: EntryTypeDef) => text(`method.notConfigured.${type.type}`, '');

  const setDef = (name: string) => FACTOR_SETS[name];
  const setLabel = (name: string) => {
    const s = setDef(name);
    return s ? `${registry.setLabel(s)} (${registry.moduleTitle(MODULES[s.module])})` : name;
  };
  const setType = (name: string) => {
    const s = setDef(name);
    return s?.entryType ? ENTRY_TYPES[s.entryType] : undefined;
  };
  /** "long · economy" */
  const classification = (f: Pick<MethodFactor, 'set' | 'classification'>) =>
    Object.entries(f.classification)
      .map(([k, v]) => valueLabel(setType(f.set), k, v))
      .join(' · ');
  /** "0.152 kg CO2e per km" for each value of the row. */
  const factorValues = (f: Pick<MethodFactor, 'values'>): Labelled[] => Object.entries(f.values).map(([key, v]) => ({ key, label: valueKeyLabel(key), value: number(v) }));
  /** A column the factors table gained (an uncertainty in %), when the row has it. */
  const uncertainty = (f: MethodFactor): string | null => (typeof f.uncertainty_pct === 'number' ? `± ${formatNumber(f.uncertainty_pct, locale.value, 0, 1)} %` : null);

  return { number, keyLabel, formula, scopeCategory, inputs, notes, provenance, notConfigured, reasons, setLabel, classification, factorValues, valueKeyLabel, valueLabel, uncertainty, unitLabel };
}
