// What the signed-in user may do with a module of a unit, from the session's permission map
// (the server enforces the same rules; this only hides what it would refuse).
import { computed, type Ref } from 'vue';
import { canEditModuleStatus, moduleAccess, MODULE_TYPES, MODULES, seesUnitTotals, type ModuleType } from '@carbon/shared';
import { useAuthStore } from '../stores/auth';

export function useModulePermissions(module: Ref<ModuleType | undefined>, unitId: Ref<number>) {
  const auth = useAuthStore();
  const view = computed(() => (module.value ? moduleAccess(auth.permissions, module.value, unitId.value, 'view') : { all: false, own: false }));
  const edit = computed(() => (module.value ? moduleAccess(auth.permissions, module.value, unitId.value, 'edit') : { all: false, own: false }));
  return {
    /** Sees every row (and the totals), not just their own. */
    seesAll: computed(() => view.value.all),
    canEdit: computed(() => edit.value.own),
    /** May change every row (and so a survey module's settings). */
    canEditAll: computed(() => edit.value.all),
    canChangeStatus: computed(() => canEditModuleStatus(auth.permissions, unitId.value)),
    /** The one sentence that tells the user what they may do here, when it is not everything:
     * `readOnly` (every row, no change), `ownOnly` (their own rows, which they edit) or `ownView`
     * (their own rows, read-only); null for those who may see and change every row. */
    note: computed<'readOnly' | 'ownOnly' | 'ownView' | null>(() => {
      if (view.value.own && !view.value.all) return edit.value.own ? 'ownOnly' : 'ownView';
      return edit.value.own ? null : 'readOnly';
    }),
  };
}

/** The modules of the registry the user may open in a unit, and whether they see every module's
 * totals (what the report totals and the results page need). */
export function useVisibleModules(unitId: Ref<number>) {
  const auth = useAuthStore();
  return {
    modules: computed(() => MODULE_TYPES.filter((m) => moduleAccess(auth.permissions, m, unitId.value, 'view').own).map((m) => MODULES[m])),
    seesAllTotals: computed(() => seesUnitTotals(auth.permissions, unitId.value)),
  };
}
