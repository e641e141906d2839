// The registry follows its own rules, and the rules catch an incomplete module: the test
// registers a broken one (in this test file's process only) and reads the problems found.
import { describe, expect, it } from 'vitest';
import type { EntryTypeDef, ModuleDef } from './fields';
import { commuteEntry } from './commuting/entryTypes';
import { memberEntry } from './headcount/entryTypes';
import { MODULES, registerModule } from './registry';
import { registryProblems } from './registryProblems';
import type { ModuleType } from './types';

const brokenType: EntryTypeDef = {
  type: 'broken_row',
  module: 'broken' as ModuleType,
  slug: 'broken-row',
  i18nKey: 'modules.broken.types.broken_row',
  fields: [
    { key: 'amount', type: 'number', i18nKey: 'modules.broken.fields.amount', required: true, unitField: 'fuel', requiredUnless: { given: ['kind'], when: { field: 'fuel', values: ['litre'] } } },
    { key: 'fuel', type: 'unit', i18nKey: 'modules.broken.fields.fuel', units: { allowed: ['litre', 'parsec'], base: 'kwh', byOption: { field: 'kind', allowed: { a: ['litre', 'kg'], z: ['litre'] } } } },
    { key: 'kind', type: 'select', i18nKey: 'modules.broken.fields.kind', options: ['a', 'b'], default: 'c' },
    { key: 'kind', type: 'text', i18nKey: 'modules.broken.fields.kind' },
    { key: 'traveler_id', type: 'integer', i18nKey: 'modules.broken.fields.traveler_id', factorChoices: { key: 'country', match: ['colour'] } },
    { key: 'grid', type: 'text', i18nKey: 'modules.broken.fields.grid', requiredWith: ['watts'], requiredUnless: { given: ['grid', 'nowhere'], when: { field: 'kind', values: ['a', 'q'] } }, factorChoices: { key: 'mix', set: 'electricity', where: { tariff: 'day' }, anyCountryWhen: { tariff: 'day' } } },
  ],
  csvColumns: [{ column: 'Kind', field: 'colour' }],
  factorSet: { keys: ['kind'], values: [], uncertaintyClass: 'medium' },
  usesFactorSets: ['no_such_set'],
  emissionTypes: [
    { type: 'broken_row', scope: 2, category: 'business_travel' },
    { type: 'other', scope: 3, category: 'nope' },
    { type: 'by_kind', scope: 3, category: 'business_travel', when: { field: 'kind', values: ['a', 'a', 'z'] } },
    { type: 'by_fuel', scope: 3, category: 'business_travel', when: { field: 'fuel', values: ['litre'] } },
  ],
  ownerField: 'owner',
  traveler: { module: 'headcount', entryType: 'plane', idField: 'traveler_id', nameField: 'traveler_name' },
  computeEmissions: () => [],
};
const brokenModule: ModuleDef = {
  type: 'broken' as ModuleType,
  slug: 'Broken',
  i18nKey: 'modules.broken.title',
  entryTypes: ['broken_row'],
  ownRows: ['edit'],
  summary: 'fte',
  factorSets: [{ name: 'broken_rates', i18nKey: 'modules.broken.sets.rates', keys: ['currency'], values: ['eur_per_unit'], options: { kind: ['a'] }, uncertaintyClass: 'low' }],
};

describe('registry rules', () => {
  it('hold for every registered module and entry type', () => {
    expect(registryProblems()).toEqual([]);
  });

  it('refuse a second module of the same type, and entry types the module does not name', () => {
    expect(() => registerModule(MODULES.headcount, [])).toThrow(/already registered/);
    expect(() => registerModule({ ...brokenModule, entryTypes: ['other'] }, [brokenType])).toThrow(/names entry types other/);
  });

  it('name what an incomplete module lacks', () => {
    registerModule(brokenModule, [brokenType]);
    // A slug that is a page of a unit's year would never reach the module page.
    const slug = brokenModule.slug;
    MODULES['broken' as ModuleType].slug = 'method';
    expect(registryProblems()).toContain("module broken: slug method is the name of a page of a unit's year");
    MODULES['broken' as ModuleType].slug = slug;
    const problems = registryProblems();
    for (const expected of [
      'module broken: slug Broken is not a lower-case URL segment',
      'module broken: ownRows: edit without view',
      "module broken: summary 'fte' is for the module listing the unit's people",
      'entry type broken_row: fields named twice: kind',
      'entry type broken_row: field kind: its default is not a valid value',
      'entry type broken_row: CSV column Kind must be a lower-case identifier other than unit_institutional_id',
      'entry type broken_row: CSV column Kind fills colour, which is not a field',
      'entry type broken_row: required field amount has no CSV column',
      'entry type broken_row: field fuel: unknown unit parsec',
      'entry type broken_row: field fuel: factor set broken_row has no kwh_per_litre column to convert litre',
      'entry type broken_row: field fuel: byOption gives a the unit kg, which the field does not allow',
      'entry type broken_row: field fuel: byOption names z, which is not an option of kind',
      'entry type broken_row: field traveler_id: factorChoices is for text fields',
      'entry type broken_row: field traveler_id: factorChoices: country is not a classification key of factor set broken_row',
      'entry type broken_row: field traveler_id: factorChoices: colour must be a classification key and a field',
      'entry type broken_row: field grid: factorChoices: factor set electricity is not one the entry type uses',
      'entry type broken_row: field grid: factorChoices: where names tariff, which is not a classification key of factor set electricity',
      'entry type broken_row: field grid: factorChoices: anyCountryWhen names tariff, which is not a field',
      'entry type broken_row: field grid: requiredWith names watts, which is not another field',
      'entry type broken_row: field amount: requiredUnless is for a field that is not always required',
      'entry type broken_row: field amount: requiredUnless: fuel is not a select field',
      'entry type broken_row: field grid: requiredUnless names grid, which is not another field',
      'entry type broken_row: field grid: requiredUnless names nowhere, which is not another field',
      'entry type broken_row: field grid: requiredUnless: q is not an option of kind',
      'entry type broken_row: emission type broken_row: category business_travel is of scope 3, not 2',
      'entry type broken_row: emission type other: category nope is not a reporting category',
      'entry type broken_row: uses factor set no_such_set, which is not registered',
      'entry type broken_row: emission type by_kind: when names z, which is not an option of kind',
      'entry type broken_row: option a of kind must make exactly one emission type, it makes 2',
      'entry type broken_row: emission type by_fuel: when names fuel, which is not a select field',
      'entry type broken_row: emission types are picked by more than one field: kind, fuel',
      'factor set broken_row: names no value column',
      'factor set broken_rates: i18nKey must be modules.broken.factorSets.broken_rates',
      'factor set broken_rates: options for kind, which is not a classification key',
      'entry type broken_row: owner field owner is not a field',
      'entry type broken_row: traveler: headcount/plane is not a registered entry type listing people',
      'entry type broken_row: traveler: traveler_id must be a headcount-member-select field',
      'entry type broken_row: traveler: traveler_name must be a read-only field',
      'entry type broken_row: traveler: traveler_id has no CSV column',
      'entry type broken_row: a linked row belongs to its person: ownerField must be traveler.idField',
    ]) {
      expect(problems).toContain(expected);
    }
    // The modules that were there are still clean.
    expect(problems.filter((p) => !p.includes('broken'))).toEqual([]);
  });

  it('count each respondent of a survey once: its linked rows are one per person, and only linked rows can be', () => {
    const before = registryProblems();
    commuteEntry.onePerPerson = false;
    const { traveler } = commuteEntry;
    try {
      expect(registryProblems()).toContain('entry type commute: a survey counts each respondent once: its linked rows must be onePerPerson');
      commuteEntry.onePerPerson = true;
      delete commuteEntry.traveler;
      expect(registryProblems()).toContain('entry type commute: onePerPerson: only a row linked to its person (traveler) can be one per person');
    } finally {
      commuteEntry.onePerPerson = true;
      commuteEntry.traveler = traveler;
    }
    expect(registryProblems()).toEqual(before);
  });

  it("name a people's FTE field that is no number and a position category that is no optional select", () => {
    const person = memberEntry.person!;
    const before = registryProblems();
    memberEntry.person = { ...person, fteField: 'name', categoryField: 'user_institutional_id' };
    try {
      const problems = registryProblems();
      expect(problems).toContain('entry type member: person: its FTE field must be a number field');
      expect(problems).toContain('entry type member: person: its category field must be an optional select field');
    } finally {
      memberEntry.person = person;
    }
    expect(registryProblems()).toEqual(before);
  });
});
