// The unit sync's year: a year no report may have says why under the input (in the user's
// language) and the button stays off; a valid year clears the message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { VueWrapper } from '@vue/test-utils';
import type { PermissionMap, SessionState } from '@carbon/shared';
import UnitsPage from '../src/pages/backoffice/UnitsPage.vue';
import { startUnitSync } from '../src/api/sync';
import { useAuthStore } from '../src/stores/auth';
import { mountBackoffice, settle } from './support/mountBackoffice';

vi.mock('../src/api/client', async (actual) => ({ ...(await actual<typeof import('../src/api/client')>()), api: { get: vi.fn().mockResolvedValue({ data: [] }) } }));
vi.mock('../src/api/sync', () => ({ startUnitSync: vi.fn(), listJobs: vi.fn(), fetchJob: vi.fn() }));

const OPERATOR: PermissionMap = { 'backoffice.units': ['view', 'edit'] };

async function open(locale: 'en' | 'fr' = 'en'): Promise<VueWrapper> {
  const w = mountBackoffice(UnitsPage, { attachTo: document.body }, locale);
  useAuthStore().session = { user: { id: 1, sub: 'olga', email: null, name: 'Olga', person_number: null }, roles: [], permissions: OPERATOR } as unknown as SessionState;
  await nextTick();
  await settle();
  return w;
}

async function typeYear(w: VueWrapper, value: string): Promise<void> {
  await w.find('input[data-testid="unit-sync-year"]').setValue(value);
  await settle();
}

const message = (w: VueWrapper) => w.find('[data-testid="unit-sync"] [role="alert"]');
const run = (w: VueWrapper) => w.find('[data-testid="unit-sync-run"]');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('unit sync year', () => {
  it('says why an impossible year cannot be synced, and starts nothing', async () => {
    const w = await open();
    await typeYear(w, '20255');
    expect(message(w).text()).toBe('Enter a year from 1990 to 2100.');
    expect(run(w).attributes('disabled')).toBeDefined();
    await run(w).trigger('click');
    expect(startUnitSync).not.toHaveBeenCalled();

    await typeYear(w, '2026');
    expect(message(w).exists()).toBe(false);
    expect(run(w).attributes('disabled')).toBeUndefined();
  });

  it('says it in French, for an empty year too', async () => {
    const warn = vi.spyOn(console, 'warn');
    const w = await open('fr');
    await typeYear(w, '');
    expect(message(w).text()).toBe('Saisissez une année de 1990 à 2100.');
    expect(run(w).attributes('disabled')).toBeDefined();
    // An emptied field is no year (null), not a string where the page holds a number.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('words a server refusal of the sync in the app language', async () => {
    vi.mocked(startUnitSync).mockRejectedValue({ isAxiosError: true, response: { status: 403, data: { detail: 'You do not have permission to do this.', code: 'forbidden', params: {} } } });
    const w = await open('fr');
    await typeYear(w, '2026');
    await run(w).trigger('click');
    await settle();
    expect(w.find('[data-testid="unit-sync-failed"]').text()).toBe('Vous n’avez pas l’autorisation de faire cela.');
  });
});
