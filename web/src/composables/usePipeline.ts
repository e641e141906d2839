// Following one pipeline live: its jobs from the job console, kept current by the tab's event
// stream (the events store's one EventSource). Events move states and progress at once; a job
// that changes state, or a new job of the pipeline, makes the list be read again (debounced) for
// what events do not carry (reports, messages, chained jobs). A shared aggregation chained from
// another pipeline is followed through `next_job`. After the stream reconnects (events may have
// been missed) the list is read again too. No polling.
import { computed, onUnmounted, ref, shallowRef, watch } from 'vue';
import type { JobEvent, JobView } from '@carbon/shared';
import { fetchJob, listJobs } from '../api/sync';
import { errorDetail } from '../utils/apiErrors';
import { useEventsStore } from '../stores/events';
import { pipelineEnded, withEvent } from '../utils/pipeline';

const REFRESH_DEBOUNCE_MS = 150;

export function usePipeline() {
  const events = useEventsStore();
  const pipelineId = ref<string | null>(null);
  const jobs = shallowRef<JobView[]>([]);
  /** The jobs as last read: an event may say FINISHED before the job it chains is known. */
  const lastRead = shallowRef<JobView[]>([]);
  const loadError = ref('');
  const ended = computed(() => pipelineEnded(lastRead.value));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let again = false;

  async function read(id: string): Promise<JobView[]> {
    const all = [...(await listJobs({ pipeline_id: id, page: 1, limit: 500, order: 'asc' })).items];
    // Chained jobs outside the pipeline (an aggregation shared with another pipeline).
    for (let depth = 0; depth < 5; depth++) {
      const ids = new Set(all.map((j) => j.id));
      const missing = [...new Set(all.map((j) => j.next_job).filter((n): n is number => n !== null && !ids.has(n)))];
      if (!missing.length) break;
      all.push(...(await Promise.all(missing.map((id) => fetchJob(id)))));
    }
    return all.sort((a, b) => a.id - b.id);
  }

  /** Reads the pipeline's jobs now; concurrent calls collapse into one more read. */
  async function refresh(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    const id = pipelineId.value;
    if (!id) return;
    inFlight = (async () => {
      try {
        const list = await read(id);
        if (id === pipelineId.value) {
          jobs.value = list;
          lastRead.value = list;
          loadError.value = '';
        }
      } catch (err) {
        if (id === pipelineId.value) loadError.value = errorDetail(err, '');
      } finally {
        inFlight = null;
      }
    })();
    await inFlight;
    if (again) {
      again = false;
      await refresh();
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), REFRESH_DEBOUNCE_MS);
  }

  function onJob(e: JobEvent): void {
    if (!pipelineId.value) return;
    const i = jobs.value.findIndex((j) => j.id === e.id);
    if (i < 0) {
      if (e.pipeline_id === pipelineId.value) schedule();
      return;
    }
    const before = jobs.value[i]!;
    const next = jobs.value.slice();
    next[i] = withEvent(before, e);
    jobs.value = next;
    if (e.state !== before.state || e.attempts !== before.attempts) schedule();
  }

  const off = events.onJob(onJob);
  const stopWatch = watch(
    () => events.connected,
    (now, was) => {
      if (now && !was && pipelineId.value) schedule();
    },
  );

  /** Starts following a pipeline (forgetting the previous one). */
  function follow(id: string): Promise<void> {
    pipelineId.value = id;
    jobs.value = [];
    lastRead.value = [];
    loadError.value = '';
    return refresh();
  }

  function reset(): void {
    clearTimeout(timer);
    pipelineId.value = null;
    jobs.value = [];
    lastRead.value = [];
    loadError.value = '';
  }

  onUnmounted(() => {
    clearTimeout(timer);
    off();
    stopWatch();
  });

  return { pipelineId, jobs, ended, loadError, follow, refresh, reset };
}
