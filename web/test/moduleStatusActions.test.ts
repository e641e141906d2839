// Validating a module asks first; when entries of the module have no factor the confirmation
// says how many (their emissions are missing from the total being validated) and still lets the
// user validate.
import { afterEach, describe, expect, it, vi } from 'vitest';
import ModuleStatusActions from '../src/components/ModuleStatusActions.vue';
import { setModuleStatus } from '../src/api/carbon';
import { useModulesStore } from '../src/stores/modules';
import { mountBackoffice, settle } from './support/mountBackoffice';

vi.mock('../src/api/carbon', async (actual) => ({ ...(await actual<typeof import('../src/api/carbon')>()), setModuleStatus: vi.fn() }));
const setStatus = vi.mocked(setModuleStatus);

const dialogText = () => document.querySelector('.q-dialog')?.textContent ?? '';
const confirm = () => document.querySelector<HTMLElement>('[data-testid="confirm-status"]')!.click();

async function validate(withoutFactor: number, locale: 'en' | 'fr' = 'en') {
  const w = mountBackoffice(ModuleStatusActions, { props: { module: 'buildings', status: 'in_progress', withoutFactor }, attachTo: document.body }, locale);
  const store = useModulesStore();
  store.report = { id: 7 } as typeof store.report;
  vi.spyOn(store, 'refresh').mockResolvedValue();
  await w.find('[data-testid="module-validate"]').trigger('click');
  await settle();
  return w;
}

afterEach(() => {
  document.body.innerHTML = '';
  setStatus.mockReset();
});

describe('ModuleStatusActions', () => {
  it('says how many entries have no factor before validating, and validates when confirmed', async () => {
    await validate(3);
    expect(dialogText()).toContain('3 entries of this module have no factor');
    confirm();
    await settle();
    expect(setStatus).toHaveBeenCalledWith(7, 'buildings', 'validated');
  });

  it('says it in French too, for one entry', async () => {
    await validate(1, 'fr');
    expect(dialogText()).toContain('1 saisie de ce module n’a pas de facteur');
  });

  it('says nothing of factors when every entry has its figure', async () => {
    await validate(0);
    expect(dialogText()).toContain('read-only');
    expect(dialogText()).not.toContain('factor');
  });
});
