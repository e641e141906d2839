// A member of a year without per-FTE estimates adds 0 kg, not configured: where the member's
// figure is shown (the headcount table, the "how was this computed" dialog) it says "no per-FTE
// estimate configured", never a bare 0 nor "no factor"; every entry type with an optional set has
// that message in both languages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_ENTRY_TYPES, ENTRY_TYPES, type DataEntryView, type EntryEmissions } from '@carbon/shared';
import EntryTable from '../src/components/EntryTable.vue';
import EmissionDetailsDialog from '../src/components/EmissionDetailsDialog.vue';
import { fetchEntryEmissions, listEntries } from '../src/api/carbon';
import en from '../src/i18n/en';
import fr from '../src/i18n/fr';
import { mountApp, settle } from './support/mountApp';
import { memoryRouter } from './support/router';

vi.mock('../src/api/carbon', () => ({ listEntries: vi.fn(), fetchEntryEmissions: vi.fn(), deleteEntry: vi.fn() }));
const member = ENTRY_TYPES.member!;
const emission = { emission_type: 'member', scope: 3 as const, category: 'per_fte_estimates', kg_co2eq: 0, quantity: 0.8, quantity_unit: 'FTE', factor_id: null, meta: { fte: 0.8, factors: [], not_configured: true } };
const row: DataEntryView = { id: 5, module_type: 'headcount', data_entry_type: 'member', kg_co2eq: 0, emissions: [emission], source: 'ui', created_at: '', updated_at: '', user_institutional_id: '100001', name: 'Alice Martin', fte: 0.8 };

afterEach(() => {
  document.body.innerHTML = '';
  vi.mocked(listEntries).mockReset();
});

describe('not configured', () => {
  it.each([
    ['en', 'no per-FTE estimate configured'],
    ['fr', 'aucune estimation par ETP configurée'],
  ] as const)('%s: the headcount table says so instead of a figure', async (locale, text) => {
    vi.mocked(listEntries).mockResolvedValue({ items: [row], total: 1, page: 1, limit: 25 });
    const w = mountApp(EntryTable, { props: { entryType: member, unitId: 2, year: 2025, editable: false } }, locale);
    await settle();
    expect(w.find('[data-testid="row-kg"]').text()).toContain(text);
  });

  it('the dialog says so under the figure', async () => {
    const details: EntryEmissions = { entry_id: 5, module_type: 'headcount', data_entry_type: 'member', year: 2025, kg_co2eq: 0, emissions: [{ ...emission, factors: [] }] };
    vi.mocked(fetchEntryEmissions).mockResolvedValue(details);
    mountApp(EmissionDetailsDialog, { props: { modelValue: true, entryType: member, unitId: 2, year: 2025, entryId: 5 }, attachTo: document.body, global: { plugins: [await memoryRouter('/')] } });
    await settle();
    expect(document.querySelector('[data-testid="emission-note"]')?.textContent).toContain('No per-FTE estimate is configured for 2025');
  });

  it('every entry type with an optional set has its words in both languages', () => {
    const optional = DATA_ENTRY_TYPES.filter((t) => ENTRY_TYPES[t]!.factorSet.optional);
    expect(optional).toEqual(['member']);
    for (const t of optional) {
      for (const messages of [en, fr]) {
        expect((messages.method.notConfigured as Record<string, string>)[t], t).toBeTruthy();
        expect((messages.method.notes.notConfigured as Record<string, string>)[t], t).toBeTruthy();
      }
    }
  });
});
