// The events store: one EventSource per tab, module activity from `snapshot` and `module`
// events, "settled" notifications when a pipeline ends (live or missed while disconnected), and
// reconnection when the browser gives up on the stream.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { ModuleEvent } from '@carbon/shared';
import { useEventsStore, type SettledModule } from '../src/stores/events';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, ((ev: Event) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (ev: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown): void {
    this.emitRaw(type, data === undefined ? undefined : JSON.stringify(data));
  }
  emitRaw(type: string, data?: string): void {
    const ev = data === undefined ? new Event(type) : new MessageEvent(type, { data });
    for (const fn of this.listeners.get(type) ?? []) fn(ev);
  }
}

const moduleEvent = (over: Partial<ModuleEvent>): ModuleEvent => ({
  unit_id: 2,
  year: 2025,
  module: 'professional_travel',
  recalculating: true,
  phase: 'csv_ingest',
  pipeline_id: 'p1',
  ...over,
});

beforeEach(() => {
  setActivePinia(createPinia());
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('events store', () => {
  it('opens one EventSource per tab on /api/sync/events, with the session cookie', () => {
    const events = useEventsStore();
    events.start();
    events.start();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/sync/events');
    expect(FakeEventSource.instances[0]!.init).toEqual({ withCredentials: true });
  });

  it('tracks recalculating modules and their phase, and notifies when the pipeline ends', () => {
    const events = useEventsStore();
    const settled: SettledModule[] = [];
    events.onSettled((m) => settled.push(m));
    events.start();
    const es = FakeEventSource.instances[0]!;
    es.emit('module', moduleEvent({ phase: 'emission_recalc:computing' }));
    expect(events.activityOf(2, 2025, 'professional_travel')?.phase).toBe('emission_recalc:computing');
    expect(events.activityOf(2, 2024, 'professional_travel')).toBeNull();
    expect(events.activityOf(3, 2025, 'professional_travel')).toBeNull();
    es.emit('module', moduleEvent({ recalculating: false, phase: 'done' }));
    expect(events.activityOf(2, 2025, 'professional_travel')).toBeNull();
    expect(settled).toEqual([{ unitId: 2, year: 2025, module: 'professional_travel' }]);
  });

  it('only moves a pipeline\'s badge forward while several of its jobs run', () => {
    const events = useEventsStore();
    const phase = () => events.activityOf(2, 2025, 'professional_travel')?.phase;
    events.applyModuleEvent(moduleEvent({ phase: 'csv_ingest:reading' }));
    events.applyModuleEvent(moduleEvent({ phase: 'emission_recalc:computing' }));
    expect(phase()).toBe('emission_recalc:computing');
    // A late event of the file job, then a waiting aggregation, then another type's recalculation.
    events.applyModuleEvent(moduleEvent({ phase: 'csv_ingest:reading' }));
    expect(phase()).toBe('emission_recalc:computing');
    events.applyModuleEvent(moduleEvent({ phase: 'aggregation' }));
    events.applyModuleEvent(moduleEvent({ phase: 'emission_recalc:computing' }));
    expect(phase()).toBe('aggregation');
    // Another module of the same pipeline shows the same step; another pipeline has its own.
    events.applyModuleEvent(moduleEvent({ module: 'headcount', phase: 'emission_recalc' }));
    expect(events.activityOf(2, 2025, 'headcount')?.phase).toBe('aggregation');
    events.applyModuleEvent(moduleEvent({ module: 'buildings', pipeline_id: 'p2', phase: 'csv_ingest' }));
    expect(events.activityOf(2, 2025, 'buildings')?.phase).toBe('csv_ingest');
    // Once the pipeline ended, a new pipeline with the same id would start again from its first step.
    events.applyModuleEvent(moduleEvent({ recalculating: false, phase: 'done' }));
    events.applyModuleEvent(moduleEvent({ module: 'headcount', recalculating: false, phase: 'done' }));
    events.applyModuleEvent(moduleEvent({ phase: 'csv_ingest' }));
    expect(phase()).toBe('csv_ingest');
  });

  it('keeps a pipeline\'s furthest step across a snapshot', () => {
    const events = useEventsStore();
    events.applyModuleEvent(moduleEvent({ phase: 'aggregation' }));
    events.applySnapshot({ jobs: [], modules: [moduleEvent({ phase: 'emission_recalc:computing' })] });
    expect(events.activityOf(2, 2025, 'professional_travel')?.phase).toBe('aggregation');
  });

  it('applies work over every unit (unit_id null) to each unit of that year', () => {
    const events = useEventsStore();
    events.applyModuleEvent(moduleEvent({ unit_id: null, module: 'headcount', phase: 'emission_recalc' }));
    expect(events.activityOf(2, 2025, 'headcount')).not.toBeNull();
    expect(events.activityOf(9, 2025, 'headcount')).not.toBeNull();
    expect(events.activityOf(9, 2024, 'headcount')).toBeNull();
  });

  it('treats modules missing from a new snapshot as settled (they ended while disconnected)', () => {
    const events = useEventsStore();
    const settled: SettledModule[] = [];
    events.onSettled((m) => settled.push(m));
    events.applySnapshot({ jobs: [], modules: [moduleEvent({}), moduleEvent({ module: 'headcount' })] });
    expect(settled).toEqual([]);
    events.applySnapshot({ jobs: [], modules: [moduleEvent({ module: 'headcount', phase: 'aggregation' })] });
    expect(settled).toEqual([{ unitId: 2, year: 2025, module: 'professional_travel' }]);
    expect(events.activityOf(2, 2025, 'headcount')?.phase).toBe('aggregation');
  });

  it('ignores malformed event data', () => {
    const events = useEventsStore();
    events.start();
    FakeEventSource.instances[0]!.emitRaw('module', '{oops');
    expect(events.active).toBe(false);
  });

  it('lets the browser retry a dropped stream, and reconnects itself with a growing delay when it gave up', () => {
    vi.useFakeTimers();
    const events = useEventsStore();
    events.start();
    const first = FakeEventSource.instances[0]!;
    first.emit('open');
    expect(events.connected).toBe(true);
    first.emit('error'); // still CONNECTING: the browser retries, we do nothing
    expect(events.connected).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error');
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.instances[1]!;
    second.readyState = FakeEventSource.CLOSED;
    second.emit('error');
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('stops for good on sign-out', () => {
    vi.useFakeTimers();
    const events = useEventsStore();
    events.start();
    const es = FakeEventSource.instances[0]!;
    events.applyModuleEvent(moduleEvent({}));
    events.stop();
    expect(es.closed).toBe(true);
    expect(events.active).toBe(false);
    es.emit('error');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
