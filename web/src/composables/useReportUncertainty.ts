// The uncertainty of a report's totals, for the results page: read when the report is (again),
// and only when its totals are visible to the user (the server refuses it otherwise).
import { ref, watch, type Ref } from 'vue';
import type { CarbonReportView, ReportUncertainty } from '@carbon/shared';
import { fetchReportUncertainty } from '../api/carbon';

export function useReportUncertainty(report: Ref<CarbonReportView | null | undefined>): Ref<ReportUncertainty | null> {
  const uncertainty = ref<ReportUncertainty | null>(null);
  let seq = 0;
  watch(
    report,
    async (r) => {
      const mine = ++seq;
      if (!r?.stats) {
        uncertainty.value = null;
        return;
      }
      try {
        const u = await fetchReportUncertainty(r.id);
        if (mine === seq) uncertainty.value = u;
      } catch {
        // Without it the totals show without a ±, never with a ± of 0.
        if (mine === seq) uncertainty.value = null;
      }
    },
    { immediate: true },
  );
  return uncertainty;
}
