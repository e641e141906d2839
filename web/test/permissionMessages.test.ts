// One permission message per situation on a module page, and another unit's address refused by
// the router before the page loads. Permission maps are the ones the server hands out
// (`permissionsFor`), role by role.
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { permissionsFor, type ModuleType, type PermissionMap, type SessionState } from '@carbon/shared';
import { useModulePermissions } from '../src/composables/useModulePermissions';
import { unitAddressAllowed } from '../src/router/unitAccess';
import { useAuthStore } from '../src/stores/auth';
import { mountApp } from './support/mountApp';

const UNIT = 2;
const OTHER = 3;
const standard = permissionsFor([{ role: 'standard', unitId: UNIT }]);
const principal = permissionsFor([{ role: 'principal', unitId: UNIT }]);
const backoffice = permissionsFor([{ role: 'backoffice', unitId: null }]);

/** The sentence a module page shows about what the user may do, as rendered. */
async function noteOf(map: PermissionMap, module: ModuleType, locale: 'en' | 'fr' = 'en'): Promise<string> {
  const Probe = defineComponent({
    setup() {
      const { t } = useI18n();
      const perms = useModulePermissions(ref(module), ref(UNIT));
      return () => h('p', perms.note.value ? t(`module.${perms.note.value}`) : '');
    },
  });
  const w = mountApp(Probe, {}, locale);
  useAuthStore().session = { user: { id: 1, sub: 'x', email: null, name: 'X', person_number: 1 }, roles: [], permissions: map } as unknown as SessionState;
  await nextTick();
  return w.text();
}

describe('module permission message', () => {
  it('tells a standard user one thing per module: their own trips they edit, their own member row they only see', async () => {
    expect(await noteOf(standard, 'professional_travel')).toBe('You see and edit only your own entries.');
    expect(await noteOf(standard, 'headcount')).toBe('You see only your own entries, and cannot change them.');
    expect(await noteOf(standard, 'headcount', 'fr')).toBe('Vous ne voyez que vos propres saisies, sans pouvoir les modifier.');
  });

  it('says nothing to those who see and change every row', async () => {
    expect(await noteOf(principal, 'headcount')).toBe('');
    expect(await noteOf(backoffice, 'professional_travel')).toBe('');
  });
});

describe("a unit's addresses", () => {
  const at = (unitId: number, module?: string) => ({ params: { unitId: String(unitId), year: '2025', ...(module ? { module } : {}) } });

  it("are refused for another unit's home, results and modules", () => {
    for (const map of [standard, principal]) {
      expect(unitAddressAllowed(at(OTHER), map)).toBe(false);
      expect(unitAddressAllowed(at(OTHER, 'professional-travel'), map)).toBe(false);
      expect(unitAddressAllowed(at(OTHER, 'headcount'), map)).toBe(false);
    }
  });

  it("are allowed for one's own unit and the modules one may see, for the back office everywhere", () => {
    expect(unitAddressAllowed(at(UNIT), standard)).toBe(true);
    expect(unitAddressAllowed(at(UNIT, 'professional-travel'), standard)).toBe(true);
    expect(unitAddressAllowed(at(UNIT, 'headcount'), principal)).toBe(true);
    expect(unitAddressAllowed(at(OTHER, 'headcount'), backoffice)).toBe(true);
    expect(unitAddressAllowed(at(OTHER), backoffice)).toBe(true);
    // an unknown module is the page's to report; addresses without a unit are not this rule's
    expect(unitAddressAllowed(at(UNIT, 'bicycles'), standard)).toBe(true);
    expect(unitAddressAllowed({ params: {} }, standard)).toBe(true);
  });

  it("of the unit's totals (the results) are for those who see every row: not its standard users", () => {
    const results = { ...at(UNIT), meta: { unitTotals: true } };
    expect(unitAddressAllowed(results, standard)).toBe(false);
    expect(unitAddressAllowed(results, principal)).toBe(true);
    expect(unitAddressAllowed({ ...at(OTHER), meta: { unitTotals: true } }, backoffice)).toBe(true);
    expect(unitAddressAllowed({ ...at(OTHER), meta: { unitTotals: true } }, principal)).toBe(false);
  });
});
