// Live pipeline activity: ONE EventSource per tab on /api/sync/events. It keeps,
// per unit/year/module, whether a Path 2 pipeline is recalculating it and in which phase, and
// tells subscribers when a module's pipeline has ended so they reload stats and rows. The browser
// reconnects by itself after a dropped stream (the server sends `retry:`); when the stream is
// refused outright (closed state) we reconnect with a growing delay. No polling anywhere.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { JobEvent, ModuleEvent, SnapshotEvent } from '@carbon/shared';
import { furthestPhase } from '../utils/pipeline';

export interface ModuleActivity {
  unitId: number | null;
  year: number | null;
  module: string;
  phase: string;
  pipelineId: string;
}

export interface SettledModule {
  unitId: number | null;
  year: number | null;
  module: string;
}

const STREAM_URL = '/api/sync/events';
const MAX_RETRY_MS = 30_000;

const keyOf = (unitId: number | null, year: number | null, module: string) => `${unitId ?? '*'}/${year ?? '*'}/${module}`;

/** Does an event about (unitId, year) — null meaning "every" — concern this unit and year? */
export const concerns = (e: { unitId: number | null; year: number | null }, unitId: number, year: number) =>
  (e.unitId === null || e.unitId === unitId) && (e.year === null || e.year === year);

export const useEventsStore = defineStore('events', () => {
  const activity = ref<Record<string, ModuleActivity>>({});
  const connected = ref(false);
  const settledFns = new Set<(m: SettledModule) => void>();
  // Job events (and the jobs of each snapshot) for the back-office views that follow jobs.
  const jobFns = new Set<(e: JobEvent) => void>();
  let source: EventSource | null = null;
  let wanted = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 1000;

  function settled(m: SettledModule): void {
    for (const fn of settledFns) fn(m);
  }

  /** The furthest phase each active pipeline has reached: its modules' badges never go back. */
  const furthest = new Map<string, string>();

  /** Records a recalculating module and moves every module of its pipeline to the pipeline's
   * furthest phase. */
  function track(into: Record<string, ModuleActivity>, e: ModuleEvent): void {
    const phase = furthestPhase(furthest.get(e.pipeline_id), e.phase);
    furthest.set(e.pipeline_id, phase);
    into[keyOf(e.unit_id, e.year, e.module)] = { unitId: e.unit_id, year: e.year, module: e.module, phase, pipelineId: e.pipeline_id };
    for (const [k, a] of Object.entries(into)) {
      if (a.pipelineId === e.pipeline_id && a.phase !== phase) into[k] = { ...a, phase };
    }
  }

  function forgetEndedPipelines(): void {
    const live = new Set(Object.values(activity.value).map((a) => a.pipelineId));
    for (const id of furthest.keys()) if (!live.has(id)) furthest.delete(id);
  }

  function applyModuleEvent(e: ModuleEvent): void {
    const key = keyOf(e.unit_id, e.year, e.module);
    if (e.recalculating) {
      const next = { ...activity.value };
      track(next, e);
      activity.value = next;
      return;
    }
    if (key in activity.value) {
      const next = { ...activity.value };
      delete next[key];
      activity.value = next;
    }
    forgetEndedPipelines();
    settled({ unitId: e.unit_id, year: e.year, module: e.module });
  }

  /** A snapshot replaces what we knew: modules that were recalculating and are no longer in it
   * finished while we were not listening, so they count as settled. */
  function applySnapshot(s: SnapshotEvent): void {
    const next: Record<string, ModuleActivity> = {};
    for (const e of s.modules) if (e.recalculating) track(next, e);
    const ended = Object.entries(activity.value).filter(([k]) => !(k in next));
    activity.value = next;
    forgetEndedPipelines();
    for (const [, a] of ended) settled({ unitId: a.unitId, year: a.year, module: a.module });
    for (const j of s.jobs ?? []) jobEvent(j);
  }

  function jobEvent(e: JobEvent): void {
    for (const fn of jobFns) fn(e);
  }

  function parse<T>(ev: Event): T | undefined {
    try {
      return JSON.parse((ev as MessageEvent<string>).data) as T;
    } catch {
      return undefined;
    }
  }

  function connect(): void {
    const es = new EventSource(STREAM_URL, { withCredentials: true });
    source = es;
    es.addEventListener('open', () => {
      connected.value = true;
      retryMs = 1000;
    });
    es.addEventListener('snapshot', (ev) => {
      const s = parse<SnapshotEvent>(ev);
      if (s) applySnapshot(s);
    });
    es.addEventListener('job', (ev) => {
      const j = parse<JobEvent>(ev);
      if (j) jobEvent(j);
    });
    es.addEventListener('module', (ev) => {
      const m = parse<ModuleEvent>(ev);
      if (m) applyModuleEvent(m);
    });
    es.addEventListener('error', () => {
      connected.value = false;
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (e.g. the answer was not a
      // stream), so we try again later ourselves.
      if (es.readyState !== EventSource.CLOSED || source !== es) return;
      source = null;
      if (!wanted) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (wanted && !source) connect();
      }, retryMs);
      retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
    });
  }

  /** Opens the stream once for this tab; further calls do nothing. */
  function start(): void {
    wanted = true;
    if (!source && typeof EventSource !== 'undefined') connect();
  }

  function stop(): void {
    wanted = false;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
    connected.value = false;
    activity.value = {};
    furthest.clear();
  }

  /** Calls `fn` whenever a module's pipeline ends; returns the unsubscribe function. */
  function onSettled(fn: (m: SettledModule) => void): () => void {
    settledFns.add(fn);
    return () => settledFns.delete(fn);
  }

  /** Calls `fn` for every job event (live, and the active jobs of each snapshot). */
  function onJob(fn: (e: JobEvent) => void): () => void {
    jobFns.add(fn);
    return () => jobFns.delete(fn);
  }

  /** The pipeline recalculating this module of this unit and year, if any. */
  function activityOf(unitId: number, year: number, module: string): ModuleActivity | null {
    for (const a of Object.values(activity.value)) {
      if (a.module === module && concerns(a, unitId, year)) return a;
    }
    return null;
  }

  const active = computed(() => Object.keys(activity.value).length > 0);

  return { activity, connected, active, start, stop, onSettled, onJob, activityOf, applyModuleEvent, applySnapshot };
});
