// The traveler selector's client-side contract: the member list on mount, "Name (person
// number)" labels with the number as value, type-to-filter, the number as model value plus a
// separate `name-resolved` event, the empty-list banner and the 404 message in both languages.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { QSelect } from 'quasar';
import HeadcountMemberSelect from '../src/components/HeadcountMemberSelect.vue';
import { fetchHeadcountMembers } from '../src/api/carbon';
import { mountApp, settle } from './support/mountApp';

vi.mock('../src/api/carbon', () => ({ fetchHeadcountMembers: vi.fn() }));
const fetchMembers = vi.mocked(fetchHeadcountMembers);

const MEMBERS = [
  { person_number: 100001, name: 'Alice Martin' },
  { person_number: 100003, name: 'Chloé Dubois' },
  { person_number: 100004, name: 'David Müller' },
];

function httpError(status: number, detail: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(detail, String(status), undefined, undefined, { status, statusText: '', data: { detail }, headers, config: { headers } });
}

async function mountSelect(props: Record<string, unknown> = {}, locale: 'en' | 'fr' = 'en') {
  const wrapper = mountApp(HeadcountMemberSelect, { props: { modelValue: null, unitId: 7, year: 2025, label: 'Traveler', ...props } }, locale);
  await settle();
  return wrapper;
}

type Option = { label: string; value: number };
const optionsOf = (w: Awaited<ReturnType<typeof mountSelect>>) => w.findComponent(QSelect).props('options') as Option[];

beforeEach(() => {
  fetchMembers.mockReset();
});

describe('HeadcountMemberSelect', () => {
  it('loads the members of its unit and year from the member list on mount', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    await mountSelect();
    expect(fetchMembers).toHaveBeenCalledTimes(1);
    expect(fetchMembers).toHaveBeenCalledWith(7, 2025);
  });

  it('labels options "Name (person number)" with the person number as value', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect();
    expect(optionsOf(w).map((o) => [o.label, o.value])).toEqual([
      ['Alice Martin (100001)', 100001],
      ['Chloé Dubois (100003)', 100003],
      ['David Müller (100004)', 100004],
    ]);
    expect(w.findComponent(QSelect).props('emitValue')).toBe(true);
  });

  it('filters as the user types, ignoring case and accents, by name or number', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect();
    const select = w.findComponent(QSelect);
    select.vm.$emit('filter', 'CHLOE', (fn: () => void) => fn(), () => {});
    await settle();
    expect(optionsOf(w).map((o) => o.value)).toEqual([100003]);
    select.vm.$emit('filter', '1000', (fn: () => void) => fn(), () => {});
    await settle();
    expect(optionsOf(w)).toHaveLength(3);
    select.vm.$emit('filter', 'mul', (fn: () => void) => fn(), () => {});
    await settle();
    expect(optionsOf(w).map((o) => o.label)).toEqual(['David Müller (100004)']);
  });

  it('emits the person number as model value and the name in a separate name-resolved event', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect();
    w.findComponent(QSelect).vm.$emit('update:modelValue', 100003);
    await settle();
    expect(w.emitted('update:modelValue')).toEqual([[100003]]);
    expect(w.emitted('name-resolved')).toEqual([['Chloé Dubois']]);
    expect(typeof w.emitted('update:modelValue')![0]![0]).toBe('number');
  });

  it('emits null without a name when cleared', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect({ modelValue: 100001 });
    const before = w.emitted('name-resolved')?.length ?? 0;
    w.findComponent(QSelect).vm.$emit('update:modelValue', null);
    await settle();
    expect(w.emitted('update:modelValue')).toEqual([[null]]);
    expect(w.emitted('name-resolved')?.length ?? 0).toBe(before);
  });

  it('resolves the name of the value it starts with (editing an entry)', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect({ modelValue: 100004 });
    expect(w.emitted('name-resolved')).toEqual([['David Müller']]);
    expect(w.emitted('update:modelValue')).toBeUndefined();
  });

  it('shows the warning banner when the headcount has no member with a person number (en)', async () => {
    fetchMembers.mockResolvedValue([]);
    const w = await mountSelect();
    expect(w.find('[data-testid="no-members-banner"]').text()).toBe('No headcount members with a person number found. Add members in the Headcount module first.');
    expect(w.find('[data-testid="no-headcount-message"]').exists()).toBe(false);
    expect(w.findComponent(QSelect).props('disable')).toBe(true);
  });

  it('shows the warning banner in French', async () => {
    fetchMembers.mockResolvedValue([]);
    const w = await mountSelect({}, 'fr');
    expect(w.find('[data-testid="no-members-banner"]').text()).toBe(
      "Aucun membre de l'effectif avec un numéro de personne. Ajoutez d'abord des membres dans le module Effectif.",
    );
  });

  it('asks to create the headcount first when the member list answers 404 (en and fr)', async () => {
    fetchMembers.mockRejectedValue(httpError(404, 'This carbon report has no headcount module.'));
    const en = await mountSelect();
    expect(en.find('[data-testid="no-headcount-message"]').text()).toBe('There is no headcount for this unit and year. Create the headcount first, then choose the traveler.');
    expect(en.find('[data-testid="no-members-banner"]').exists()).toBe(false);
    const fr = await mountSelect({}, 'fr');
    expect(fr.find('[data-testid="no-headcount-message"]').text()).toBe('Il n’y a pas d’effectif pour cette unité et cette année. Créez d’abord l’effectif, puis choisissez le voyageur.');
  });

  it('shows the server detail with a retry on other failures', async () => {
    fetchMembers.mockRejectedValueOnce(httpError(403, 'You do not have permission to do this.')).mockResolvedValueOnce(MEMBERS);
    const w = await mountSelect();
    const failed = w.find('[data-testid="members-load-failed"]');
    expect(failed.text()).toContain('You do not have permission to do this.');
    await failed.find('button').trigger('click');
    await settle();
    expect(w.find('[data-testid="members-load-failed"]').exists()).toBe(false);
    expect(optionsOf(w)).toHaveLength(3);
  });

  it('loads again when the unit or year changes', async () => {
    fetchMembers.mockResolvedValue(MEMBERS);
    const w = await mountSelect();
    await w.setProps({ year: 2024 });
    await settle();
    expect(fetchMembers).toHaveBeenLastCalledWith(7, 2024);
  });
});
