// The generic field renderer: one Quasar input per registry field type in forms (FieldInput) and
// one cell per type in tables (FieldCell), labels and option texts through vue-i18n, numbers as
// numbers, the member select given its unit and year.
import { describe, expect, it, vi } from 'vitest';
import { QInput, QSelect, QToggle } from 'quasar';
import { ENTRY_TYPES, type FieldDef } from '@carbon/shared';
import FieldInput from '../src/components/FieldInput.vue';
import FieldCell from '../src/components/FieldCell.vue';
import HeadcountMemberSelect from '../src/components/HeadcountMemberSelect.vue';
import LocationInput from '../src/components/LocationInput.vue';
import DateInput from '../src/components/DateInput.vue';
import { mountApp, settle } from './support/mountApp';

vi.mock('../src/api/carbon', () => ({
  fetchHeadcountMembers: vi.fn().mockResolvedValue([{ person_number: 100001, name: 'Alice Martin' }]),
  searchLocations: vi.fn().mockResolvedValue([]),
  fetchFieldChoices: vi.fn().mockResolvedValue({
    field: 'mix',
    items: [
      { mix: 'DE', supply: 'location_based' },
      { mix: 'FR', supply: 'location_based' },
      { mix: 'Green Hydro', supply: 'supplier_specific' },
    ],
  }),
}));

const field = (type: string, key: string): FieldDef => {
  const f = ENTRY_TYPES[type]!.fields.find((x) => x.key === key);
  if (!f) throw new Error(`${type}.${key} is not in the registry`);
  return f;
};

const input = (f: FieldDef, modelValue: unknown, locale: 'en' | 'fr' = 'en', extra: Record<string, unknown> = {}) =>
  mountApp(FieldInput, { props: { field: f, modelValue, unitId: 3, year: 2024, ...extra } }, locale);

const cell = (f: FieldDef, value: unknown, locale: 'en' | 'fr' = 'en') => mountApp(FieldCell, { props: { field: f, value } }, locale).text();

describe('FieldInput', () => {
  it('renders a text field as a text input labelled from the registry, * when required', () => {
    const w = input(field('member', 'name'), 'Ada');
    const q = w.findComponent(QInput);
    expect(q.props('type')).toBe('text');
    expect(q.props('label')).toBe('Name *');
    expect(q.props('modelValue')).toBe('Ada');
    expect(w.find('input').attributes('maxlength')).toBe('200');
  });

  it('shows a text field\'s length against the registry\'s limit before the limit bites', () => {
    const name = field('member', 'name');
    const w = input(name, 'Ada');
    expect(w.findComponent(QInput).props('counter')).toBe(true);
    expect(w.text()).toContain(`3 / ${name.max}`);
    const free = { ...name, max: undefined };
    expect(input(free, 'Ada').findComponent(QInput).props('counter')).toBe(false);
  });

  it('offers a unit field only the units its entry\'s option allows (gas: kWh, MWh, m³)', () => {
    const unit = field('heating', 'quantity_unit');
    const options = (data: Record<string, unknown>) => (input(unit, null, 'en', { data }).findComponent(QSelect).props('options') as { value: string }[]).map((o) => o.value);
    expect(options({ carrier: 'natural_gas' })).toEqual(['kwh', 'mwh', 'm3']);
    expect(options({ carrier: 'wood_chips' })).toEqual(['kwh', 'mwh', 'tonne']);
    expect(options({})).toEqual(['kwh', 'mwh', 'm3', 'litre', 'kg', 'tonne']);
  });

  it('offers a factor-picked field the year\'s values for the entry\'s supply', async () => {
    const mix = field('electricity', 'mix');
    const w = input(mix, 'DE', 'en', { entryType: ENTRY_TYPES.electricity, data: { supply: 'location_based' } });
    await settle();
    expect((w.findComponent(QSelect).props('options') as { value: string }[]).map((o) => o.value)).toEqual(['DE', 'FR']);
    await w.setProps({ data: { supply: 'supplier_specific' } });
    expect((w.findComponent(QSelect).props('options') as { value: string }[]).map((o) => o.value)).toEqual(['Green Hydro']);
  });

  it('labels in French', () => {
    expect(input(field('member', 'fte'), 1, 'fr').findComponent(QInput).props('label')).toBe('ETP *');
    expect(input(field('member', 'position'), null, 'fr').findComponent(QInput).props('label')).toBe('Fonction');
  });

  it('renders number and integer fields as text inputs showing the number in the page language', () => {
    const fte = input(field('member', 'fte'), 0.5, 'fr');
    expect(fte.findComponent(QInput).props('type')).toBe('text');
    expect(fte.find('input').attributes()).toMatchObject({ inputmode: 'decimal' });
    expect(fte.findComponent(QInput).props('modelValue')).toBe('0,5');
    const trips = input(field('plane', 'number_of_trips'), 2);
    expect(trips.find('input').attributes()).toMatchObject({ inputmode: 'numeric' });
  });

  it('emits numbers for number inputs and null when emptied', async () => {
    const w = input(field('member', 'fte'), 1);
    w.findComponent(QInput).vm.$emit('update:modelValue', '0.8');
    w.findComponent(QInput).vm.$emit('update:modelValue', '');
    expect(w.emitted('update:modelValue')).toEqual([[0.8], [null]]);
  });

  it('reads a French comma decimal, keeps the text as typed and says what it will store', async () => {
    const w = input(field('purchase', 'amount'), null, 'fr');
    w.findComponent(QInput).vm.$emit('update:modelValue', '1234,50');
    await w.setProps({ modelValue: 1234.5 });
    expect(w.emitted('update:modelValue')).toEqual([[1234.5]]);
    expect(w.findComponent(QInput).props('modelValue')).toBe('1234,50');
    expect(w.findComponent(QInput).props('hint')).toBe('Sera enregistré comme 1\u202f234,5');
  });

  it('says a typed year will be stored as the year, never grouped like an amount', async () => {
    const w = input(field('device', 'acquisition_year'), null);
    w.findComponent(QInput).vm.$emit('update:modelValue', '2026');
    await w.setProps({ modelValue: 2026 });
    expect(w.findComponent(QInput).props('hint')).toBe('Will be saved as 2026');
  });

  it('refuses in English a comma that cannot group thousands, with the way to write the number', async () => {
    const w = input(field('purchase', 'amount'), null);
    w.findComponent(QInput).vm.$emit('update:modelValue', '1,5');
    await settle();
    expect(w.emitted('update:modelValue')).toEqual([[NaN]]);
    expect(w.findComponent(QInput).props('errorMessage')).toBe('In English the decimal mark is a point: type 1.5');
    w.findComponent(QInput).vm.$emit('update:modelValue', '1,234');
    expect(w.emitted('update:modelValue')![1]).toEqual([1234]);
  });

  it('emits trimmed-later text and null for an empty text input', () => {
    const w = input(field('member', 'position'), 'x');
    w.findComponent(QInput).vm.$emit('update:modelValue', 'Postdoc');
    w.findComponent(QInput).vm.$emit('update:modelValue', '');
    expect(w.emitted('update:modelValue')).toEqual([['Postdoc'], [null]]);
  });

  it('renders a select field with translated options and emits the option value', () => {
    const w = input(field('plane', 'cabin_class'), 'economy', 'fr');
    const q = w.findComponent(QSelect);
    expect(q.props('options')).toEqual([
      { value: 'economy', label: 'Économique' },
      { value: 'business', label: 'Affaires' },
      { value: 'first', label: 'Première' },
    ]);
    expect(q.props('emitValue')).toBe(true);
    q.vm.$emit('update:modelValue', 'business');
    expect(w.emitted('update:modelValue')).toEqual([['business']]);
  });

  it('renders a boolean field as a toggle', () => {
    const w = input(field('plane', 'round_trip'), true);
    const q = w.findComponent(QToggle);
    expect(q.props('modelValue')).toBe(true);
    expect(q.props('label')).toBe('Round trip *');
    q.vm.$emit('update:modelValue', false);
    expect(w.emitted('update:modelValue')).toEqual([[false]]);
  });

  it('renders a date field as the app-language date input (typed YYYY-MM-DD, with a calendar)', () => {
    const w = input(field('plane', 'departure_date'), '2024-05-01');
    expect(w.findComponent(DateInput).props()).toMatchObject({ modelValue: '2024-05-01', label: 'Departure date' });
    expect(w.findComponent(QInput).props('mask')).toBe('####-##-##');
  });

  it('renders location fields as type-to-search inputs of the right kind', () => {
    const airport = input(field('plane', 'origin'), 'GVA').findComponent(LocationInput);
    expect(airport.props()).toMatchObject({ kind: 'airport', modelValue: 'GVA', label: 'Origin *' });
    const place = input(field('train', 'destination'), 'Paris').findComponent(LocationInput);
    expect(place.props('kind')).toBe('place');
  });

  it('forwards a picked location so the form can keep its country', () => {
    const w = input(field('train', 'origin'), null);
    const paris = { id: 1, kind: 'place', code: '2988507', name: 'Paris', country_code: 'FR', lat: 48.85, lon: 2.35 };
    w.findComponent(LocationInput).vm.$emit('picked', paris);
    expect(w.emitted('location-picked')).toEqual([[paris]]);
  });

  it('passes unitId and year to the headcount member select and forwards its events', async () => {
    const w = input(field('plane', 'traveler_id'), null);
    const select = w.findComponent(HeadcountMemberSelect);
    expect(select.props()).toMatchObject({ unitId: 3, year: 2024, label: 'Traveler *', modelValue: null });
    await settle();
    select.vm.$emit('update:modelValue', 100001);
    select.vm.$emit('name-resolved', 'Alice Martin');
    expect(w.emitted('update:modelValue')).toEqual([[100001]]);
    expect(w.emitted('name-resolved')).toEqual([['Alice Martin']]);
  });

  it('shows an error message on the field', () => {
    const w = input(field('member', 'fte'), 2, 'en', { errorMessage: 'Must be at most 1' });
    expect(w.findComponent(QInput).props()).toMatchObject({ error: true, errorMessage: 'Must be at most 1' });
  });

  it('renders every field of every registry type without falling back to raw keys', () => {
    for (const type of Object.values(ENTRY_TYPES)) {
      for (const f of type.fields.filter((x) => !x.readOnly)) {
        const w = input(f, null);
        expect(w.html(), `${type.type}.${f.key}`).not.toContain('modules.');
      }
    }
  });
});

describe('FieldCell', () => {
  it('formats numbers per locale and keeps person numbers as identifiers', () => {
    expect(cell(field('member', 'fte'), 0.8, 'en')).toBe('0.8');
    expect(cell(field('member', 'fte'), 0.8, 'fr')).toBe('0,8');
    expect(cell(field('plane', 'number_of_trips'), 12000, 'en')).toBe('12\u202f000');
    expect(cell(field('plane', 'traveler_id'), 100001)).toBe('100001');
    expect(cell(field('member', 'user_institutional_id'), '100001')).toBe('100001');
  });

  it('writes years as years, never grouped like an amount', () => {
    expect(cell(field('device', 'acquisition_year'), 2023, 'en')).toBe('2023');
    expect(cell(field('device', 'acquisition_year'), 2023, 'fr')).toBe('2023');
  });

  it('translates select values and booleans', () => {
    expect(cell(field('plane', 'cabin_class'), 'business', 'fr')).toBe('Affaires');
    expect(cell(field('train', 'class'), 'second')).toBe('Second');
    expect(cell(field('plane', 'round_trip'), true)).toBe('Yes');
    expect(cell(field('plane', 'round_trip'), false, 'fr')).toBe('Non');
  });

  it('formats dates in the locale without shifting the day', () => {
    expect(cell(field('plane', 'departure_date'), '2025-03-15', 'en')).toBe('Mar 15, 2025');
    expect(cell(field('plane', 'departure_date'), '2025-03-15', 'fr')).toBe('15 mars 2025');
  });

  it('shows the stored traveler name read-only, and a dash for empty values', () => {
    expect(cell(field('plane', 'traveler_name'), 'Chloé Dubois')).toBe('Chloé Dubois');
    expect(cell(field('plane', 'departure_date'), null)).toBe('—');
    expect(cell(field('member', 'position'), '')).toBe('—');
  });
});
