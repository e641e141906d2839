// Refrigerant leaks: the mass of gas recharged (or known lost) times its 100-year global warming
// potential. A pure gas's GWP is a factor row of its own; a blend's is the mass-weighted sum of
// its components' GWPs, so that uploading new component values updates every blend with them.
import { reasonText } from '../../formulas/reasons';
import type { FactorRow } from '../fields';

export const REFRIGERANTS = ['r134a', 'r32', 'r410a', 'r404a', 'r407c', 'r1234yf', 'sf6'] as const;
export type Refrigerant = (typeof REFRIGERANTS)[number];

/** The gases factor rows name: the pure refrigerants and every blend component. */
export const REFRIGERANT_COMPONENTS = ['r32', 'r125', 'r134a', 'r143a', 'r1234yf', 'sf6'] as const;

/** Blend compositions, mass fractions of each component, as ASHRAE Standard 34 designates the
 * blends (R-410A: R-32/125 50/50; R-404A: R-125/143a/134a 44/52/4; R-407C: R-32/125/134a
 * 23/25/52). A gas not listed here is pure: its own row applies. */
export const REFRIGERANT_BLENDS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  r410a: { r32: 0.5, r125: 0.5 },
  r404a: { r125: 0.44, r143a: 0.52, r134a: 0.04 },
  r407c: { r32: 0.23, r125: 0.25, r134a: 0.52 },
};

/** What a gas is made of: its blend composition, or itself alone. */
export const compositionOf = (gas: string): Readonly<Record<string, number>> => REFRIGERANT_BLENDS[gas] ?? { [gas]: 1 };

export type GwpResult = { gwp: number; components: { gas: string; share: number; gwp100: number; factor_id: number }[] } | { gwp: null; reason: string };

/** The GWP100 of a gas from the rows (`gas` → `gwp100`): Σ share × component GWP. A component
 * without a row gives no figure. */
export function refrigerantGwp(gas: string, factors: readonly FactorRow[]): GwpResult {
  const components: { gas: string; share: number; gwp100: number; factor_id: number }[] = [];
  for (const [component, share] of Object.entries(compositionOf(gas))) {
    const row = factors.find((f) => f.classification.gas === component);
    const gwp100 = row?.values.gwp100;
    if (!row || gwp100 === undefined || !Number.isFinite(gwp100)) return { gwp: null, reason: reasonText('no_gwp', { gas: component }) };
    components.push({ gas: component, share, gwp100, factor_id: row.id });
  }
  return { gwp: components.reduce((sum, c) => sum + c.share * c.gwp100, 0), components };
}
