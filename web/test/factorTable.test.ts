// The back office's factor table speaks the UI's language: its columns carry the registry's
// labels, and a classification value reads as its label with the code the factor file holds as
// secondary text ("Car, hybrid" over car_hybrid), never the bare code.
import { describe, expect, it } from 'vitest';
import { FACTOR_SETS, type FactorView } from '@carbon/shared';
import FactorTable from '../src/components/backoffice/FactorTable.vue';
import { mountBackoffice } from './support/mountBackoffice';

const row: FactorView = {
  id: 1,
  data_entry_type: 'road_sea',
  year: 2025,
  classification: { mode: 'car_hybrid' },
  values: { kg_co2eq_per_km: 0.126 },
  uncertainty_pct: null,
  source: 'ADEME',
  last_seen_job_id: null,
  in_latest_upload: true,
  updated_at: '2025-01-01T00:00:00Z',
};

const mount = (locale: 'en' | 'fr') => mountBackoffice(FactorTable, { props: { set: FACTOR_SETS.road_sea!, factors: [row] } }, locale);

describe('FactorTable', () => {
  it.each([
    ['en', 'Mode', 'Car, hybrid', 'kg CO2e per km'],
    ['fr', 'Mode', 'Voiture, hybride', 'kg CO2e par km'],
  ] as const)('%s: labels its columns and values, the code beside the label', (locale, header, label, value) => {
    const w = mount(locale);
    const headers = w.findAll('thead th').map((h) => h.text().replace('arrow_upward', '').trim());
    expect(headers).toContain(header);
    expect(headers).toContain(value);
    expect(headers).not.toContain('mode');
    expect(headers).not.toContain('kg_co2eq_per_km');
    const cell = w.find('[data-testid="factor-1"] [data-testid="factor-key-mode"]');
    expect(cell.find('[data-testid="factor-key-label"]').text()).toBe(label);
    expect(cell.find('[data-testid="factor-key-code"]').text()).toBe('car_hybrid');
  });
});
