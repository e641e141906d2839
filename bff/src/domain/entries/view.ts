// Presents a stored entry: its fields at the top level (as the travel create payload has them),
// its emissions and their total. Travel entries carry `traveler_person_number` as an alias of
// `traveler_id`; the stored `traveler_name` is shown as stored (never re-resolved on read).
import { ENTRY_TYPES, type DataEntryView, type EmissionView, type ModuleType } from '@carbon/shared';

export interface EntryRow {
  id: number;
  data_entry_type: string;
  data: Record<string, unknown>;
  source: string;
  created_at: string | Date;
  updated_at: string | Date;
  emissions: EmissionView[] | null;
}

/** An emission row (table alias `x`) as JSON, in the shape `EmissionView` presents: what the
 * list and the write statements return for each emission of an entry. */
export const EMISSION_JSON = `json_build_object('emission_type', x.emission_type, 'scope', x.scope, 'category', x.category, 'kg_co2eq', x.kg_co2eq,
                                    'quantity', x.quantity, 'quantity_unit', x.quantity_unit, 'factor_id', x.factor_id, 'meta', x.meta)`;

const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function entryView(row: EntryRow, moduleType: ModuleType): DataEntryView {
  const emissions = row.emissions ?? [];
  const weighed = emissions.filter((x) => x.kg_co2eq !== null);
  const view: DataEntryView = {
    ...row.data,
    id: row.id,
    module_type: moduleType,
    data_entry_type: row.data_entry_type,
    kg_co2eq: weighed.length ? weighed.reduce((s, x) => s + Number(x.kg_co2eq), 0) : null,
    emissions: emissions.map((x) => ({ ...x, kg_co2eq: x.kg_co2eq === null ? null : Number(x.kg_co2eq), quantity: x.quantity === null ? null : Number(x.quantity) })),
    source: row.source,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  const traveler = ENTRY_TYPES[row.data_entry_type]?.traveler;
  if (traveler) {
    view[traveler.idField] = row.data[traveler.idField] ?? null;
    view[traveler.nameField] = row.data[traveler.nameField] ?? null;
    view.traveler_person_number = row.data[traveler.idField] ?? null;
  }
  return view;
}
