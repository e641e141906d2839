// Form payloads and client validation: the shared schemas decide, messages come in the user's
// language, the traveler goes out as traveler_id only, server 422 errors map to fields.
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { ENTRY_TYPES, type DataEntryView, type FieldDef } from '@carbon/shared';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';
import { createPayload, initialValues, serverFieldErrors, updatePatch, validateField, validateForm, type Messages } from '../src/utils/entryForm';

const plane = ENTRY_TYPES.plane!;
const train = ENTRY_TYPES.train!;
const member = ENTRY_TYPES.member!;

function messages(locale: 'en' | 'fr'): Messages {
  const { t } = createI18n({ legacy: false, locale, messages: { en, fr } }).global;
  return {
    t: (key, params) => (params ? t(key, params) : t(key)),
    hint: (f: FieldDef) => (f.key === 'user_institutional_id' ? t('modules.headcount.hints.user_institutional_id') : ''),
    optionLabel: (_f, v) => v,
  };
}
const EN = messages('en');

const entry = (data: Record<string, unknown>): DataEntryView => ({
  id: 1,
  module_type: 'professional_travel',
  data_entry_type: 'train',
  kg_co2eq: 1,
  emissions: [],
  source: 'manual',
  created_at: '',
  updated_at: '',
  ...data,
});

describe('entry form', () => {
  it('starts from the registry defaults', () => {
    expect(initialValues(plane)).toMatchObject({ cabin_class: 'economy', number_of_trips: 1, round_trip: false, origin: null, traveler_id: null });
    expect(initialValues(member)).toMatchObject({ fte: 1, name: null });
  });

  it('requires the empty required fields, traveler included although the API lets it absent', () => {
    const values = initialValues(plane);
    const errors = validateForm(plane, values, createPayload(plane, values), 'create', 2025, EN);
    expect(errors).toEqual({ origin: 'Required', destination: 'Required', traveler_id: 'Required' });
  });

  it('refuses a unit the chosen carrier is not read in, naming the units it is, in English and French', () => {
    const heating = ENTRY_TYPES.heating!;
    const values = { ...initialValues(heating), site: 'Lab', carrier: 'natural_gas', quantity: 100, quantity_unit: 'litre' };
    expect(validateForm(heating, values, createPayload(heating, values), 'create', 2025, EN)).toEqual({ quantity_unit: 'Must be one of: kwh, mwh, m3' });
    expect(validateForm(heating, values, createPayload(heating, values), 'create', 2025, messages('fr'))).toEqual({ quantity_unit: 'Doit être l’une des valeurs : kwh, mwh, m3' });
    const ok = { ...values, quantity_unit: 'm3' };
    expect(validateForm(heating, ok, createPayload(heating, ok), 'create', 2025, EN)).toEqual({});
  });

  it('requires the fields that go with a given one, when creating and when editing, in English and French', () => {
    const device = ENTRY_TYPES.device!;
    const values = { ...initialValues(device), description: 'Freezer', device_type: 'server', count: 1, acquisition_year: 2024, power_w: 300 };
    expect(validateForm(device, values, createPayload(device, values), 'create', 2025, EN)).toEqual({ hours_per_year: 'Required', grid_country: 'Required' });
    const stored = entry({ module_type: 'equipment', data_entry_type: 'device', description: 'Freezer', device_type: 'server', count: 1, acquisition_year: 2024, power_w: 300, hours_per_year: 8760, grid_country: 'DE' });
    const cleared = { ...initialValues(device, stored), hours_per_year: null };
    expect(validateForm(device, cleared, updatePatch(device, cleared, stored), 'update', 2025, messages('fr'))).toEqual({ hours_per_year: 'Obligatoire' });
    const none = { ...cleared, power_w: null, grid_country: null };
    expect(validateForm(device, none, updatePatch(device, none, stored), 'update', 2025, EN)).toEqual({});
  });

  it('reports out-of-range numbers with the registry bounds, in English and French', () => {
    const values = { ...initialValues(member), user_institutional_id: '123', name: 'Ada', fte: 1.5 };
    expect(validateForm(member, values, createPayload(member, values), 'create', 2025, EN)).toEqual({ fte: 'Must be at most 1' });
    expect(validateForm(member, values, createPayload(member, values), 'create', 2025, messages('fr'))).toEqual({ fte: 'Doit être au plus 1' });
    const trips = { ...initialValues(plane), origin: 'GVA', destination: 'JFK', traveler_id: 100001, number_of_trips: 0 };
    expect(validateForm(plane, trips, createPayload(plane, trips), 'create', 2025, EN)).toEqual({ number_of_trips: 'Must be at least 1' });
    // A bound the value must exceed (a purchase's amount) says so.
    const purchase = ENTRY_TYPES.purchase!;
    const paid = { ...initialValues(purchase), description: 'Tips', category: 'services', amount: 0, purchase_date: '2025-05-01' };
    expect(validateForm(purchase, paid, createPayload(purchase, paid), 'create', 2025, EN)).toEqual({ amount: 'Must be more than 0' });
    expect(validateForm(purchase, paid, createPayload(purchase, paid), 'create', 2025, messages('fr'))).toEqual({ amount: 'Doit être supérieur à 0' });
  });

  it('reports malformed values per field', () => {
    const values = { ...initialValues(plane), origin: 'GENEVA', destination: 'JFK', traveler_id: 100001, number_of_trips: 1.5, departure_date: '1980-01-01' };
    expect(validateForm(plane, values, createPayload(plane, values), 'create', 2025, EN)).toEqual({
      origin: 'Must be a three-letter IATA airport code',
      number_of_trips: 'Must be a whole number',
      departure_date: 'Must be between 1990-01-01 and 2100-12-31',
    });
    const m = { ...initialValues(member), user_institutional_id: '0123', name: 'x', fte: Number.NaN };
    expect(validateForm(member, m, createPayload(member, m), 'create', 2025, EN)).toEqual({
      user_institutional_id: 'Digits only, without a leading zero',
      fte: 'Must be a number',
    });
  });

  it('sends traveler_id and never traveler_name, leaving empty fields to the server defaults', () => {
    const values = { ...initialValues(plane), origin: ' gva ', destination: 'JFK', traveler_id: 100003, traveler_name: 'Someone', departure_date: null };
    const payload = createPayload(plane, values);
    expect(payload).toEqual({ origin: 'gva', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false, traveler_id: 100003 });
    expect(validateForm(plane, values, payload, 'create', 2025, EN)).toEqual({});
  });

  it('sends a picked place with its country', () => {
    const values = { ...initialValues(train), origin: 'Lausanne', origin_country: 'CH', destination: 'Paris', destination_country: 'FR', traveler_id: 1 };
    expect(createPayload(train, values)).toMatchObject({ origin: 'Lausanne', origin_country: 'CH', destination: 'Paris', destination_country: 'FR' });
  });

  it('updates only what changed, a changed place with its country, a cleared optional field as null', () => {
    const stored = entry({ origin: 'Lausanne', origin_country: 'CH', destination: 'Paris', destination_country: 'FR', class: 'second', number_of_trips: 1, round_trip: true, departure_date: '2025-01-02', traveler_id: 100002, traveler_name: 'Bob Keller' });
    const values = { ...initialValues(train, stored), destination: 'Bern', destination_country: 'CH', departure_date: null };
    expect(updatePatch(train, values, stored)).toEqual({ destination: 'Bern', destination_country: 'CH', departure_date: null });
    expect(updatePatch(train, initialValues(train, stored), stored)).toEqual({});
  });

  it('refuses a date outside the report year, as the server does, unless the registry allows it', () => {
    const values = { ...initialValues(plane), origin: 'GVA', destination: 'JFK', traveler_id: 100001, departure_date: '2019-06-01' };
    expect(validateForm(plane, values, createPayload(plane, values), 'create', 2032, EN)).toEqual({ departure_date: 'Must be a date in 2032, the year of this report' });
    expect(validateForm(plane, values, createPayload(plane, values), 'create', 2032, messages('fr'))).toEqual({ departure_date: 'Doit être une date de 2032, l’année de ce bilan' });
    expect(validateForm(plane, values, createPayload(plane, values), 'create', 2019, EN)).toEqual({});
    const date = plane.fields.find((f) => f.key === 'departure_date')!;
    expect(validateField(plane, date, '2026-01-01', 2025, EN)).toBe('Must be a date in 2025, the year of this report');
    expect(validateField(plane, date, '2025-12-31', 2025, EN)).toBe('');
    expect(validateField({ ...plane, datesOutsideYear: true }, date, '2026-01-01', 2025, EN)).toBe('');
  });

  it('refuses an acquisition year after the report year, as the server does, in both languages', () => {
    const device = ENTRY_TYPES.device!;
    const values = { ...initialValues(device), description: 'Laptops', device_type: 'laptop', count: 2, acquisition_year: 2027 };
    expect(validateForm(device, values, createPayload(device, values), 'create', 2025, EN)).toEqual({ acquisition_year: 'Must be 2025 or earlier, the year of this report' });
    expect(validateForm(device, values, createPayload(device, values), 'create', 2025, messages('fr'))).toEqual({ acquisition_year: 'Ne peut pas être après 2025, l’année de ce bilan' });
    expect(validateForm(device, { ...values, acquisition_year: 2025 }, createPayload(device, { ...values, acquisition_year: 2025 }), 'create', 2025, EN)).toEqual({});
    const year = device.fields.find((f) => f.key === 'acquisition_year')!;
    expect(validateField(device, year, 2100, 2025, EN)).toBe('Must be 2025 or earlier, the year of this report');
    expect(validateField(device, year, 2024, 2025, EN)).toBe('');
  });

  it('validates a single inline-edited field', () => {
    expect(validateField(member, member.fields.find((f) => f.key === 'fte')!, -1, 2025, EN)).toBe('Must be at least 0');
    expect(validateField(member, member.fields.find((f) => f.key === 'name')!, '  ', 2025, EN)).toBe('Required');
    expect(validateField(member, member.fields.find((f) => f.key === 'position')!, null, 2025, EN)).toBe('');
  });

  it('puts server field errors on the form fields and keeps the others for the banner', () => {
    expect(
      serverFieldErrors(plane, [
        { field: 'origin', message: 'unknown airport code XQZ' },
        { field: 'traveler_id', message: "The traveler's person number 9 was not found in this unit's headcount for 2025." },
        { field: 'data_entry_type', message: 'must be plane on this path' },
        { message: 'something else' },
      ]),
    ).toEqual({
      byField: { origin: 'unknown airport code XQZ', traveler_id: "The traveler's person number 9 was not found in this unit's headcount for 2025." },
      other: ['must be plane on this path', 'something else'],
    });
  });
});
