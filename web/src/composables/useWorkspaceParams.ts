// The unit and year of the current /u/:unitId/:year/… route.
import { computed } from 'vue';
import { useRoute } from 'vue-router';

export function useWorkspaceParams() {
  const route = useRoute();
  const unitId = computed(() => Number(route.params.unitId));
  const year = computed(() => Number(route.params.year));
  return { unitId, year };
}
