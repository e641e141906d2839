// The "how was this computed" dialog: for each emission row of the entry the server describes,
// its figure or why it has none (in the user's language), its formula in words, the inputs its
// meta keeps, and the factor rows it read with their year and source; a failed read says so and
// offers to retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_TYPES, reasonText, type EntryEmissions } from '@carbon/shared';
import EmissionDetailsDialog from '../src/components/EmissionDetailsDialog.vue';
import { fetchEntryEmissions } from '../src/api/carbon';
import { formatNumber } from '../src/utils/format';
import { mountApp, settle } from './support/mountApp';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchEntryEmissions: vi.fn() }));
const fetch = vi.mocked(fetchEntryEmissions);
const device = ENTRY_TYPES.device!;

/** Two servers of 2025 kept 5 years: 2 × 1,300 / 5 = 520 kg embodied; their use in a country
 * without a grid factor has no figure. */
const servers: EntryEmissions = {
  entry_id: 77,
  module_type: 'equipment',
  data_entry_type: 'device',
  year: 2025,
  kg_co2eq: 520,
  emissions: [
    {
      emission_type: 'device_embodied',
      scope: 3,
      category: 'capital_goods',
      kg_co2eq: 520,
      quantity: 0.4,
      quantity_unit: 'item',
      factor_id: 9,
      meta: { count: 2, acquisition_year: 2025, lifetime_years: 5, lifetime_from: 'entry', kg_co2eq_per_device: 1300, share: 0.2, device_type: 'server' },
      factors: [{ id: 9, set: 'device', year: 2025, classification: { device_type: 'server' }, values: { kg_co2eq_per_device: 1300, lifetime_years: 5 }, source: 'EcoInfo (CNRS), Ecodiag' }],
    },
    {
      emission_type: 'device_use',
      scope: 2,
      category: 'purchased_electricity',
      kg_co2eq: null,
      quantity: 800,
      quantity_unit: 'kwh',
      factor_id: null,
      meta: { count: 2, power_w: 400, hours_per_year: 1000, grid_country: 'CH', reason: reasonText('no_grid_factor') },
      factors: [],
    },
  ],
};

async function open(answer: EntryEmissions | Error, locale: 'en' | 'fr' = 'en') {
  if (answer instanceof Error) fetch.mockRejectedValue(answer);
  else fetch.mockResolvedValue(answer);
  const w = mountApp(EmissionDetailsDialog, { props: { modelValue: true, entryType: device, unitId: 2, year: 2025, entryId: 77 }, global: { plugins: [await memoryRouter('/u/2/2025/equipment')] }, attachTo: document.body }, locale);
  await settle();
  const section = (type: string) => document.querySelector(`[data-testid="emission-${type}"]`) as HTMLElement;
  const inputOf = (type: string, key: string) => section(type).querySelector(`[data-testid="input-${key}"] td`)?.textContent?.trim();
  return { w, section, inputOf };
}

afterEach(() => {
  fetch.mockReset();
  document.body.innerHTML = '';
});

const n = (v: number, locale: string) => formatNumber(v, locale, 0, 2);

describe('EmissionDetailsDialog', () => {
  it('reads the entry’s emissions when it opens, and shows each row’s figure, formula, inputs and the factor used with its source', async () => {
    const { section, inputOf } = await open(servers);
    expect(fetch).toHaveBeenCalledWith(2, 2025, device, 77);
    const embodied = section('device_embodied');
    expect(embodied.querySelector('h3')!.textContent).toBe('Scope 3 · Capital goods');
    expect(embodied.querySelector('[data-testid="emission-figure"]')!.textContent!.trim()).toBe('520 kg CO2e');
    expect(embodied.querySelector('[data-testid="emission-formula"]')!.textContent).toContain('× the share of its lifetime the year covers');
    expect(inputOf('device_embodied', 'count')).toBe('2');
    // A year is never grouped like an amount.
    expect(inputOf('device_embodied', 'acquisition_year')).toBe('2025');
    expect(inputOf('device_embodied', 'share')).toBe('20 %');
    expect(inputOf('device_embodied', 'lifetime_from')).toBe('the entry');
    expect(inputOf('device_embodied', 'device_type')).toBe('Server');
    expect(inputOf('device_embodied', 'quantity_weighed')).toBe('0.4 items');
    const factor = embodied.querySelector('[data-testid="emission-factor"]')!;
    expect(factor.textContent).toContain('Factor of 2025');
    expect(factor.querySelector('[data-testid="factor-source"]')!.textContent).toBe('EcoInfo (CNRS), Ecodiag');
    expect([...factor.querySelectorAll('[data-testid="factor-value"]')].map((e) => e.textContent!.trim())).toEqual([`${n(1300, 'en')} kg CO2e per device`, '5 years of lifetime']);
    expect(embodied.querySelector('[data-testid="emission-reasons"]')).toBeNull();
    expect(document.querySelector('[data-testid="emission-method-link"]')!.getAttribute('href')).toBe('/u/2/2025/method');
  });

  it('says why a row has no figure and that no factor applied, and totals only what has a figure', async () => {
    const { section, inputOf } = await open(servers);
    const use = section('device_use');
    expect(use.querySelector('h3')!.textContent).toBe('Scope 2 · Purchased electricity');
    expect(use.querySelector('[data-testid="emission-figure"]')!.textContent!.trim()).toBe('No figure');
    expect(use.querySelector('[data-testid="emission-reasons"] li')!.textContent).toBe('No grid factor of the year applies to this country.');
    expect(use.querySelector('[data-testid="emission-no-factor"]')!.textContent).toBe('No factor of 2025 applied.');
    expect(inputOf('device_use', 'power_w')).toBe('400');
    expect(inputOf('device_use', 'grid_country')).toBe('CH');
    expect(inputOf('device_use', 'reason')).toBeUndefined();
    expect(document.querySelector('[data-testid="emission-total"]')!.textContent).toBe('520 kg CO2e');
  });

  it('speaks French: reasons, formulas and inputs', async () => {
    const { section, inputOf } = await open(servers, 'fr');
    expect(section('device_use').querySelector('[data-testid="emission-reasons"] li')!.textContent).toBe('Aucun facteur de réseau de l’année ne s’applique à ce pays.');
    expect(section('device_use').querySelector('[data-testid="emission-formula"]')!.textContent).toContain('heures d’utilisation par an');
    expect(inputOf('device_embodied', 'lifetime_from')).toBe('la saisie');
    expect(section('device_embodied').querySelector('h3')!.textContent).toBe('Scope 3 · Biens d’équipement');
  });

  it('a plane trip: its band and the conversion-free inputs in words; an unknown reason stays as written', async () => {
    const plane = ENTRY_TYPES.plane!;
    fetch.mockResolvedValue({
      entry_id: 5,
      module_type: 'professional_travel',
      data_entry_type: 'plane',
      year: 2025,
      kg_co2eq: null,
      emissions: [{ emission_type: 'plane', scope: 3, category: 'business_travel', kg_co2eq: null, quantity: 6296, quantity_unit: 'km', factor_id: null, meta: { legs: 1, band: 'long', cabin_class: 'business', location_ids: [1, 2], factor: null, reason: 'the moon was full' }, factors: [] }],
    });
    mountApp(EmissionDetailsDialog, { props: { modelValue: true, entryType: plane, unitId: 2, year: 2025, entryId: 5 }, global: { plugins: [await memoryRouter('/u/2/2025/professional-travel')] }, attachTo: document.body });
    await settle();
    const row = (key: string) => document.querySelector(`[data-testid="input-${key}"] td`)?.textContent?.trim();
    expect(row('band')).toBe('long haul (over 3,500 km)');
    expect(row('cabin_class')).toBe('Business');
    expect(row('location_ids')).toBeUndefined();
    expect(document.querySelector('[data-testid="emission-reasons"] li')!.textContent).toBe('the moon was full');
  });

  it('electricity in MWh: the quantity and unit entered, the conversion and the kWh weighed, in that order', async () => {
    fetch.mockResolvedValue({
      entry_id: 8,
      module_type: 'buildings',
      data_entry_type: 'electricity',
      year: 2025,
      kg_co2eq: 726,
      emissions: [
        {
          emission_type: 'electricity',
          scope: 2,
          category: 'purchased_electricity',
          kg_co2eq: 726,
          quantity: 2000,
          quantity_unit: 'kwh',
          factor_id: 3,
          // in jsonb's key order (by length), as stored meta comes back
          meta: { mix: 'DE', unit: 'mwh', factor: { id: 3 }, supply: 'location_based', quantity: 2, conversion: { key: 'kwh_per_mwh', value: 1000 } },
          factors: [{ id: 3, set: 'electricity', year: 2025, classification: { supply: 'location_based', mix: 'DE' }, values: { kg_co2eq_per_kwh: 0.363, kwh_per_mwh: 1000 }, source: 'UBA' }],
        },
      ],
    });
    mountApp(EmissionDetailsDialog, { props: { modelValue: true, entryType: ENTRY_TYPES.electricity!, unitId: 2, year: 2025, entryId: 8 }, global: { plugins: [await memoryRouter('/u/2/2025/buildings')] }, attachTo: document.body });
    await settle();
    const row = (key: string) => document.querySelector(`[data-testid="input-${key}"] td`)?.textContent?.trim();
    // listed in the order people read them: what was entered, its conversion, then the rest
    expect([...document.querySelectorAll('[data-testid^="input-"]')].map((e) => e.getAttribute('data-testid'))).toEqual([
      'input-quantity',
      'input-unit',
      'input-conversion',
      'input-supply',
      'input-mix',
      'input-quantity_weighed',
    ]);
    expect(row('quantity')).toBe('2');
    expect(row('unit')).toBe('MWh');
    expect(row('conversion')).toBe(`${n(1000, 'en')} kWh per MWh`);
    expect(row('quantity_weighed')).toBe(`${n(2000, 'en')} kWh`);
    expect(document.querySelector('[data-testid="emission-factor"]')!.textContent).toContain('Electricity (Buildings and energy) — Grid mix of a country (location-based) · DE');
  });

  it('a failed read is an alert with a retry that reads again', async () => {
    await open(Object.assign(new Error('boom'), { isAxiosError: true, response: { status: 500, data: { detail: 'Internal server error.' } } }));
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Internal server error.');
    fetch.mockResolvedValue(servers);
    (alert.querySelector('button') as HTMLElement).click();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[data-testid="emission-device_embodied"]')).not.toBeNull();
  });
});
