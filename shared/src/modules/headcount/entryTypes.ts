// Headcount: one `member` entry per person of the unit. Its person number links travel entries
// to their traveler; its FTE carries the per-FTE factors and the per-FTE results.
import { reasonText } from '../../formulas/reasons';
import { memberEmissionKg } from './formulas';
import type { EntryTypeDef } from '../fields';

const f = (key: string) => `modules.headcount.fields.${key}`;

/** A person number as members store it: the decimal form of a positive integer, so that the
 * traveler lookup by `String(traveler_id)` finds it (no leading zeros). */
export const PERSON_NUMBER_PATTERN = /^[1-9][0-9]{0,11}$/;

/**
 * Position categories of a member, for the results per FTE by position (`position` stays the free
 * text title). The broad staff groups of a public research unit — research and teaching staff,
 * postdocs, PhD students, engineers and technicians, administrative staff — and `other` for
 * anyone else (visitors, interns…). Optional: a member without one is counted as not specified.
 */
export const POSITION_CATEGORIES = ['researcher_faculty', 'postdoc', 'phd_student', 'engineer_technician', 'administrative', 'other'] as const;
export type PositionCategory = (typeof POSITION_CATEGORIES)[number];

export const memberEntry: EntryTypeDef = {
  type: 'member',
  module: 'headcount',
  slug: 'member',
  i18nKey: 'modules.headcount.types.member',
  fields: [
    { key: 'user_institutional_id', type: 'text', i18nKey: f('user_institutional_id'), required: true, max: 12, pattern: PERSON_NUMBER_PATTERN, patternHint: 'must be a person number (digits, no leading zero)', sortable: true },
    { key: 'name', type: 'text', i18nKey: f('name'), required: true, max: 200, sortable: true, inlineEditable: true },
    { key: 'fte', type: 'number', i18nKey: f('fte'), required: true, min: 0, max: 1, default: 1, sortable: true, inlineEditable: true },
    { key: 'position', type: 'text', i18nKey: f('position'), max: 200, sortable: true, inlineEditable: true },
    { key: 'position_category', type: 'select', i18nKey: f('position_category'), options: POSITION_CATEGORIES, sortable: true },
  ],
  csvColumns: [
    { column: 'user_institutional_id', field: 'user_institutional_id' },
    { column: 'name', field: 'name' },
    { column: 'fte', field: 'fte' },
    { column: 'position', field: 'position' },
    { column: 'position_category', field: 'position_category' },
  ],
  // Per-FTE factors by free category (food, commuting…), summed; none by default: a member has
  // no figure until the year has at least one.
  factorSet: { keys: ['category'], values: ['kg_co2eq_per_fte'], optional: true, uncertaintyClass: 'very_high' },
  emissionTypes: [{ type: 'member', scope: 3, category: 'per_fte_estimates' }],
  ownerField: 'user_institutional_id',
  // The people of a unit are mostly the same from one year to the next.
  carryForward: {},
  person: { numberField: 'user_institutional_id', nameField: 'name', fteField: 'fte', categoryField: 'position_category' },
  computeEmissions: ({ data, factors }) => {
    const fte = Number(data.fte ?? 0);
    const perFte = factors.map((x) => x.values.kg_co2eq_per_fte ?? 0);
    return [
      {
        emission_type: 'member',
        kg_co2eq: memberEmissionKg(fte, perFte),
        quantity: fte,
        quantity_unit: 'FTE',
        factor_id: factors.length === 1 ? factors[0]!.id : null,
        meta: {
          fte,
          factors: factors.map((x) => ({ id: x.id, category: x.classification.category, kg_co2eq_per_fte: x.values.kg_co2eq_per_fte })),
          ...(factors.length ? {} : { reason: reasonText('no_factor') }),
        },
      },
    ];
  },
};

/** The module's entry types, in the order its descriptor (module.ts) names them. */
export const entryTypes: readonly EntryTypeDef[] = [memberEntry];
