// The add / edit dialog: nothing is sent while client validation fails, the payload carries
// traveler_id (never traveler_name), a 422 puts the server's messages on the right fields, and
// after saving it shows the distance and kg the server computed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QSelect } from 'quasar';
import { ENTRY_TYPES, type DataEntryView } from '@carbon/shared';
import EntryFormDialog from '../src/components/EntryFormDialog.vue';
import FieldInput from '../src/components/FieldInput.vue';
import DateInput from '../src/components/DateInput.vue';
import { createEntry } from '../src/api/carbon';
import { mountApp, settle } from './support/mountApp';

vi.mock('../src/api/carbon', () => ({
  createEntry: vi.fn(),
  updateEntry: vi.fn(),
  fetchHeadcountMembers: vi.fn().mockResolvedValue([{ person_number: 100003, name: 'Chloé Dubois' }]),
  searchLocations: vi.fn().mockResolvedValue([]),
}));
const create = vi.mocked(createEntry);
const plane = ENTRY_TYPES.plane!;

/** What axios rejects with on a 422 (the parts the app reads). */
function unprocessable(errors: { field?: string; message: string; code?: string; params?: Record<string, string | number> }[]) {
  const data = { detail: `Invalid plane entry: ${errors[0]!.field}: ${errors[0]!.message}`, code: errors[0]!.code, params: errors[0]!.params, errors };
  return { isAxiosError: true, message: 'Request failed with status code 422', response: { status: 422, data } };
}

async function openDialog(locale: 'en' | 'fr' = 'en') {
  const w = mountApp(EntryFormDialog, { props: { modelValue: true, entryType: plane, unitId: 2, year: 2025, entry: null }, attachTo: document.body }, locale);
  await settle();
  const inputs = () => w.findAllComponents(FieldInput);
  const set = async (key: string, value: unknown) => {
    inputs().find((c) => c.props('field').key === key)!.vm.$emit('update:modelValue', value);
    await settle();
  };
  const errorOf = (key: string) => inputs().find((c) => c.props('field').key === key)!.props('errorMessage');
  const save = async () => {
    (document.querySelector('[data-testid="entry-save"]') as HTMLElement).click();
    await settle();
  };
  return { w, set, errorOf, save };
}

beforeEach(() => {
  // (a function returned from beforeEach is a cleanup that vitest calls: return nothing)
  create.mockReset();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('EntryFormDialog', () => {
  it('renders one input per editable field of the registry, not the read-only traveler name', async () => {
    const { w } = await openDialog();
    expect(w.findAllComponents(FieldInput).map((c) => c.props('field').key)).toEqual([
      'origin',
      'destination',
      'cabin_class',
      'number_of_trips',
      'round_trip',
      'departure_date',
      'traveler_id',
    ]);
  });

  it('limits the date picker to the report year and refuses a date of another year before sending', async () => {
    const { w, set, errorOf, save } = await openDialog();
    const picker = w.findAllComponents(FieldInput).find((c) => c.props('field').key === 'departure_date')!.findComponent(DateInput);
    expect(picker.props('range')).toEqual({ min: '2025-01-01', max: '2025-12-31' });
    await set('origin', 'GVA');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    await set('departure_date', '2019-06-01');
    await save();
    expect(create).not.toHaveBeenCalled();
    expect(errorOf('departure_date')).toBe('Must be a date in 2025, the year of this report');
  });

  it('shows messages on the fields and sends nothing while the form is invalid', async () => {
    const { set, errorOf, save } = await openDialog();
    await set('number_of_trips', 0);
    await save();
    expect(create).not.toHaveBeenCalled();
    expect(errorOf('origin')).toBe('Required');
    expect(errorOf('destination')).toBe('Required');
    expect(errorOf('traveler_id')).toBe('Required');
    expect(errorOf('number_of_trips')).toBe('Must be at least 1');
    expect(document.querySelector('[data-testid="form-error"]')?.textContent).toBe('Please correct the highlighted fields.');
  });

  it('puts the server 422 messages on their fields', async () => {
    create.mockRejectedValue(unprocessable([{ field: 'origin', message: 'unknown airport code XQZ' }]));
    const { set, errorOf, save } = await openDialog();
    await set('origin', 'XQZ');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    await save();
    expect(create).toHaveBeenCalledTimes(1);
    expect(errorOf('origin')).toBe('unknown airport code XQZ');
    expect(errorOf('destination')).toBeUndefined();
    expect(document.querySelector('[data-testid="entry-result"]')).toBeNull();
  });

  it.each([
    ['en', 'Unknown airport code XQZ', 'Person number 100003 is not in this unit’s headcount for 2025'],
    ['fr', 'Code d’aéroport inconnu : XQZ', 'Le numéro de personne 100003 n’est pas dans l’effectif de cette unité pour 2025'],
  ] as const)('words the server 422 from its codes in the app language (%s)', async (locale, airport, traveler) => {
    create.mockRejectedValue(
      unprocessable([
        { field: 'origin', message: 'unknown airport code XQZ', code: 'unknown_airport', params: { code: 'XQZ' } },
        { field: 'traveler_id', message: 'The traveler’s person number 100003 was not found.', code: 'traveler_not_in_headcount', params: { personNumber: 100003, year: 2025 } },
      ]),
    );
    const { set, errorOf, save } = await openDialog(locale);
    await set('origin', 'XQZ');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    await save();
    expect(errorOf('origin')).toBe(airport);
    expect(errorOf('traveler_id')).toBe(traveler);
  });

  it('sends traveler_id without traveler_name and shows the computed distance and kg', async () => {
    const saved: DataEntryView = {
      id: 9,
      module_type: 'professional_travel',
      data_entry_type: 'plane',
      kg_co2eq: 1914.25,
      emissions: [{ emission_type: 'plane', scope: 3, category: 'business_travel', kg_co2eq: 1914.25, quantity: 12593.75, quantity_unit: 'km', factor_id: 1, meta: {} }],
      source: 'manual',
      created_at: '',
      updated_at: '',
      origin: 'GVA',
      destination: 'JFK',
      traveler_id: 100003,
      traveler_name: 'Chloé Dubois',
    };
    create.mockResolvedValue(saved);
    const { w, set, save } = await openDialog();
    await set('origin', 'GVA');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    await save();
    const [unitId, year, type, payload] = create.mock.calls[0]!;
    expect([unitId, year, type.type]).toEqual([2, 2025, 'plane']);
    expect(payload).toEqual({ origin: 'GVA', destination: 'JFK', cabin_class: 'economy', number_of_trips: 1, round_trip: false, traveler_id: 100003 });
    expect(payload).not.toHaveProperty('traveler_name');
    expect(w.emitted('saved')).toEqual([[saved]]);
    expect(document.querySelector('[data-testid="result-traveler"]')?.textContent).toBe('Chloé Dubois');
    expect(document.querySelector('[data-testid="result-distance"]')?.textContent).toBe('12\u202f594 km');
    expect(document.querySelector('[data-testid="result-kg"]')?.textContent).toBe('1\u202f914 kg CO2e');
  });

  it('sends the text typed into a location field when Save is clicked before the field is left', async () => {
    // Quasar sends the field's blur only once its suggestions menu has closed, after the click on
    // Save: the save itself commits what the field shows.
    create.mockRejectedValue(unprocessable([{ field: 'origin', message: 'Unknown airport' }]));
    const { w, set, save } = await openDialog();
    await set('origin', 'GVA');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    const origin = w.findAllComponents(FieldInput).find((c) => c.props('field').key === 'origin')!.find('input');
    origin.element.value = 'cdg';
    await origin.trigger('input');
    await save();
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![3]).toMatchObject({ origin: 'CDG', destination: 'JFK' });
  });

  it('saves what a location field shows while Quasar puts the earlier pick back for an instant', async () => {
    // Leaving the field after typing over a pick: Quasar sends the blur (the typed text is
    // committed), then refills its input with the label of the pick it still holds, and only on
    // its next render with the new one. A save in between must keep the text on screen.
    create.mockRejectedValue(unprocessable([{ field: 'origin', message: 'Unknown airport' }]));
    const { w, set, save } = await openDialog();
    await set('origin', 'GVA');
    await set('destination', 'JFK');
    await set('traveler_id', 100003);
    const field = w.findAllComponents(FieldInput).find((c) => c.props('field').key === 'origin')!;
    const input = field.find('input');
    input.element.value = 'cdg';
    await input.trigger('input');
    const select = field.findComponent(QSelect);
    select.vm.$emit('blur');
    select.vm.$emit('inputValue', 'GVA');
    await save();
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![3]).toMatchObject({ origin: 'CDG', destination: 'JFK' });
  });

  it('swaps origin and destination', async () => {
    const { w, set } = await openDialog();
    await set('origin', 'GVA');
    await set('destination', 'JFK');
    (document.querySelector('[data-testid="swap-route"]') as HTMLElement).click();
    await settle();
    const value = (key: string) => w.findAllComponents(FieldInput).find((c) => c.props('field').key === key)!.props('modelValue');
    expect([value('origin'), value('destination')]).toEqual(['JFK', 'GVA']);
  });
});
