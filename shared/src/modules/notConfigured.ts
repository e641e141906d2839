// An entry type's own factor set may be `optional`: empty by design, because no published value
// fits every unit (members' per-FTE estimates, AI services' per-user figures). While the report's
// year has no row of it, nothing is configured: the entry adds nothing (0 kg) and says so
// (`meta.not_configured`), rather than counting as an entry without a factor, which would leave
// every report "Incomplete" for a set nobody needs to fill. Once the set has rows, an entry that
// matches none lacks its figure like any other.
import type { EmissionInput, EmissionRow, EntryTypeDef, ReportedEmission } from './fields';
import { reportEmissions } from './registry';

/** The meta key marking an emission of an optional set that has no row for the year. */
export const NOT_CONFIGURED = 'not_configured';

export const isNotConfigured = (e: Pick<EmissionRow, 'meta'>): boolean => e.meta[NOT_CONFIGURED] === true;

/** The entry type's set is optional and the year has no row of it. */
export const ownSetNotConfigured = (entryType: EntryTypeDef, factors: EmissionInput['factors']): boolean => !!entryType.factorSet.optional && factors.length === 0;

/** The formula's rows over the year's factors, as stored: with their scope and category, and with
 * 0 kg and `not_configured` instead of no figure when the type's optional set has no row. */
export function emissionsOf(entryType: EntryTypeDef, input: EmissionInput): ReportedEmission[] {
  const rows = entryType.computeEmissions(input);
  if (!ownSetNotConfigured(entryType, input.factors)) return reportEmissions(entryType, rows);
  return reportEmissions(
    entryType,
    rows.map((r) => {
      if (r.kg_co2eq !== null) return r;
      const { reason: _reason, ...meta } = r.meta;
      return { ...r, kg_co2eq: 0, meta: { ...meta, [NOT_CONFIGURED]: true } };
    }),
  );
}
