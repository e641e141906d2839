// The carbon report of the route's unit and year, for pages that show it: loaded on entry and
// when the unit or year changes, and again when a pipeline of that unit and year ends.
import { computed, onMounted, onUnmounted, ref, watch } from 'vue';
import { useI18n } from 'vue-i18n';
import { useModulesStore } from '../stores/modules';
import { concerns, useEventsStore } from '../stores/events';
import { useWorkspaceParams } from './useWorkspaceParams';
import { errorDetail } from '../utils/apiErrors';

/** `afterReport` runs once the report is there (more to load for the page). */
export function useWorkspaceReport(afterReport?: () => Promise<void>) {
  const { t } = useI18n();
  const store = useModulesStore();
  const events = useEventsStore();
  const { unitId, year } = useWorkspaceParams();
  const state = ref<'loading' | 'ready' | 'missing' | 'failed'>('loading');
  const failure = ref('');

  async function load(): Promise<void> {
    store.use(unitId.value, year.value);
    // What the store already holds shows at once while it is refreshed.
    state.value = store.report ? 'ready' : 'loading';
    try {
      const r = await store.loadReport();
      state.value = r ? 'ready' : 'missing';
      if (r && afterReport) await afterReport();
    } catch (err) {
      failure.value = errorDetail(err, t('home.loadFailed'));
      state.value = 'failed';
    }
  }

  const off = events.onSettled((m) => {
    if (concerns(m, unitId.value, year.value)) void load();
  });
  onMounted(load);
  onUnmounted(off);
  watch([unitId, year], load);

  return { unitId, year, state, failure, load, report: computed(() => store.report) };
}
