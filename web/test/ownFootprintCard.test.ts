// A personal footprint is often well under a tonne: below 1 t it reads in kg ("420 kg CO2e"),
// never "0.4 t" nor "0.0 t"; from 1 t on, in tonnes like every total.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnFootprint } from '@carbon/shared';
import OwnFootprintCard from '../src/components/OwnFootprintCard.vue';
import { fetchOwnFootprint } from '../src/api/carbon';
import { mountApp, settle } from './support/mountApp';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ fetchOwnFootprint: vi.fn() }));

const own = (kg: number, byModule: OwnFootprint['by_module']): OwnFootprint => ({ person_number: 100002, kg_co2eq: kg, entries: 3, without_factor: 0, by_module: byModule, unit_kg_co2eq_per_fte: 4200 });

afterEach(() => vi.mocked(fetchOwnFootprint).mockReset());

async function card(o: OwnFootprint, locale: 'en' | 'fr' = 'en') {
  vi.mocked(fetchOwnFootprint).mockResolvedValue(o);
  const w = mountApp(OwnFootprintCard, { props: { reportId: 1, year: 2025, unitId: 2, detailed: true }, global: { plugins: [await memoryRouter('/')] } }, locale);
  await settle();
  // The module list is its own chunk.
  await vi.dynamicImportSettled();
  await settle();
  return w;
}

describe('own footprint figures', () => {
  it('reads in kg below a tonne, total and modules alike', async () => {
    const w = await card(own(42.4, { professional_travel: { kg_co2eq: 42.4, entries: 2, not_configured: 0 }, headcount: { kg_co2eq: 0, entries: 1, not_configured: 1 } }));
    expect(w.find('[data-testid="own-total"]').text()).toBe('42 kg CO2e');
    expect(w.find('[data-testid="own-module-professional_travel"] [data-testid="own-module-total"]').text()).toBe('42 kg CO2e');
    expect(w.text()).not.toContain('0.0 t');
  });

  it('says a member row without per-FTE estimates has none configured, not 0 kg', async () => {
    const w = await card(own(42.4, { professional_travel: { kg_co2eq: 42.4, entries: 2, not_configured: 0 }, headcount: { kg_co2eq: 0, entries: 1, not_configured: 1 } }));
    expect(w.find('[data-testid="own-module-headcount"] [data-testid="own-module-total"]').text()).toBe('no per-FTE estimate configured');
  });

  it('in tonnes from one tonne on, in French too', async () => {
    const w = await card(own(1530, { professional_travel: { kg_co2eq: 1530, entries: 2, not_configured: 0 } }), 'fr');
    expect(w.find('[data-testid="own-total"]').text()).toBe('1,5 t CO2e');
    const small = await card(own(7.25, { professional_travel: { kg_co2eq: 7.25, entries: 1, not_configured: 0 } }), 'fr');
    expect(small.find('[data-testid="own-total"]').text()).toBe('7,3 kg CO2e');
  });
});
