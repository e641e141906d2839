// A module no code names, registered the way a new folder would be (descriptor, entry type,
// words in both languages), is served by the generic parts of shared/: the catalogue, the
// registry and its JSON view (what GET /api/registry answers), its factor set and CSV columns,
// and its words merged as the SPA and the printable report merge every module's. The end-to-end
// counterpart, with the BFF, is bff/test/registryRule.test.ts.
import { describe, expect, it } from 'vitest';
import { mergeModuleMessages } from '../messages/merge';
import { MODULE_MESSAGES_EN } from '../messages/modules.en';
import { MODULE_MESSAGES_FR } from '../messages/modules.fr';
import { entryColumns, factorColumns } from './csvColumns';
import type { EntryTypeDef, ModuleDef } from './fields';
import { entryTypesOf, FACTOR_SETS, factorSetsOf, findEntryType, findModule, isModuleType, MODULE_TYPES, MODULES, registerModule } from './registry';
import { registryProblems } from './registryProblems';
import { serializeRegistry } from './serialize';
import type { ModuleType } from './types';

const TYPE = 'throwaway_kiln' as ModuleType;

const kilnModule: ModuleDef = { type: TYPE, slug: 'throwaway-kiln', i18nKey: `modules.${TYPE}.title`, entryTypes: ['kiln_firing'], ownRows: [], summary: 'emissions' };

const firingEntry: EntryTypeDef = {
  type: 'kiln_firing',
  module: TYPE,
  slug: 'firing',
  i18nKey: `modules.${TYPE}.types.kiln_firing`,
  fields: [
    { key: 'kiln', type: 'select', i18nKey: `modules.${TYPE}.fields.kiln`, required: true, options: ['gas', 'electric'], sortable: true },
    { key: 'firings', type: 'integer', i18nKey: `modules.${TYPE}.fields.firings`, required: true, min: 1, max: 1000, sortable: true },
  ],
  csvColumns: [
    { column: 'kiln', field: 'kiln' },
    { column: 'number_of_firings', field: 'firings' },
  ],
  factorSet: { keys: ['kiln'], values: ['kg_co2eq_per_firing'], uncertaintyClass: 'high' },
  emissionTypes: [{ type: 'kiln_firing', scope: 1, category: 'stationary_combustion' }],
  ownerField: 'kiln',
  computeEmissions: ({ data, factors }) => {
    const row = factors.find((f) => f.classification.kiln === data.kiln);
    const per = row?.values.kg_co2eq_per_firing;
    return [{ emission_type: 'kiln_firing', kg_co2eq: per === undefined ? null : per * Number(data.firings), quantity: Number(data.firings), quantity_unit: 'firing', factor_id: row?.id ?? null, meta: {} }];
  },
};

const words = {
  en: { modules: { [TYPE]: { title: 'Kilns', types: { kiln_firing: 'Firing' } } }, formulas: { kiln_firing: { kiln_firing: 'kg CO2e = firings × the kiln’s factor.' } } },
  fr: { modules: { [TYPE]: { title: 'Fours', types: { kiln_firing: 'Cuisson' } } }, formulas: { kiln_firing: { kiln_firing: 'kg CO2e = cuissons × le facteur du four.' } } },
};

registerModule(kilnModule, [firingEntry]);

describe('a module registered by a test only', () => {
  it('joins the catalogue after the service’s modules, found by type and slug, within the registry rules', () => {
    expect(MODULE_TYPES.at(-1)).toBe(TYPE);
    expect(MODULES[TYPE]).toBe(kilnModule);
    expect(isModuleType(TYPE)).toBe(true);
    expect(findModule('throwaway-kiln')).toBe(kilnModule);
    expect(entryTypesOf(TYPE)).toEqual([firingEntry]);
    expect(findEntryType(TYPE, 'firing')).toBe(firingEntry);
    expect(registryProblems()).toEqual([]);
  });

  it('is in the registry’s JSON view with its entry type and its factor set', () => {
    const view = serializeRegistry();
    expect(view.modules.at(-1)).toMatchObject({ type: TYPE, slug: 'throwaway-kiln', entryTypes: ['kiln_firing'], factorSets: ['kiln_firing'] });
    expect(view.entryTypes.find((t) => t.type === 'kiln_firing')).toMatchObject({ module: TYPE, csvColumns: firingEntry.csvColumns, factorSets: ['kiln_firing'] });
    expect(view.factorSets.find((s) => s.name === 'kiln_firing')).toMatchObject({ module: TYPE, keys: ['kiln'], values: ['kg_co2eq_per_firing'] });
  });

  it('has its own factor set, its key options taken from the select field, and its CSV columns', () => {
    expect(factorSetsOf(TYPE).map((s) => s.name)).toEqual(['kiln_firing']);
    expect(FACTOR_SETS.kiln_firing!.options).toEqual({ kiln: ['gas', 'electric'] });
    expect(factorColumns(FACTOR_SETS.kiln_firing!)).toEqual(['kiln', 'kg_co2eq_per_firing', 'uncertainty_pct', 'edition', 'boundary', 'source']);
    expect(entryColumns(firingEntry, true)).toEqual(['unit_institutional_id', 'kiln', 'number_of_firings']);
  });

  it('has its words in English and French merged beside every module’s, under the keys its definitions give', () => {
    for (const [locale, service] of [['en', MODULE_MESSAGES_EN], ['fr', MODULE_MESSAGES_FR]] as const) {
      const merged = mergeModuleMessages([service, words[locale]]);
      const mine = (merged.modules as Record<string, { title: string; types: Record<string, string> }>)[TYPE]!;
      expect(mine).toEqual(words[locale].modules[TYPE]);
      expect((merged.formulas as Record<string, unknown>).kiln_firing).toEqual(words[locale].formulas.kiln_firing);
      // The service's modules keep theirs.
      expect(Object.keys(merged.modules)).toEqual([...MODULE_TYPES]);
    }
  });
});
