import { describe, expect, it } from 'vitest';
import { moduleEventOf, moduleSnapshot, parseJobNotification, toJobEvent, type TargetedJobEvent as JobEvent } from './jobEvents';

const base = {
  id: 7,
  pipeline_id: '3b1f9a4e-1111-4222-8333-444455556666',
  job_type: 'emission_recalc',
  entity_type: 'MODULE_UNIT_SPECIFIC',
  target: 'DATA_ENTRIES',
  module_type: 'professional_travel',
  data_entry_type: 'plane',
  unit_id: 3,
  year: 2025,
  combination_key: "emission_recalc MODULE_UNIT_SPECIFIC DATA_ENTRIES 'professional_travel' 'plane' 3 2025",
  state: 'RUNNING',
  result: null,
  attempts: 1,
  progress: { done: 5, total: 10, phase: 'computing' },
  pipeline_active: true,
  at: 1_700_000_000_000,
};

describe('job notifications', () => {
  it('parses what the trigger publishes and ignores anything else', () => {
    const n = parseJobNotification(JSON.stringify(base));
    expect(n && toJobEvent(n)).toMatchObject({ id: 7, state: 'RUNNING', progress: { done: 5, total: 10, phase: 'computing' } });
    expect(n?.combination_key).toBe(base.combination_key);
    expect(toJobEvent(n!)).not.toHaveProperty('target');
    expect(toJobEvent(n!)).not.toHaveProperty('combination_key');
    expect(parseJobNotification('not json')).toBeUndefined();
    expect(parseJobNotification(JSON.stringify({ ...base, state: 'EXPLODED' }))).toBeUndefined();
  });

  it('derives the module badge: recalculating while the pipeline goes on', () => {
    const running = base as unknown as JobEvent;
    expect(moduleEventOf(running)).toMatchObject({ unit_id: 3, module: 'professional_travel', recalculating: true, phase: 'emission_recalc:computing' });
    const handedOn = { ...running, state: 'FINISHED', result: 'SUCCESS', pipeline_active: true } as JobEvent;
    expect(moduleEventOf(handedOn)).toMatchObject({ recalculating: true });
    const done = { ...handedOn, pipeline_active: false } as JobEvent;
    expect(moduleEventOf(done)).toMatchObject({ recalculating: false, phase: 'done' });
    expect(moduleEventOf({ ...running, module_type: null })).toBeUndefined();
  });

  it('never marks modules for a job whose target is factors, whatever its name: only the recalculations it chains do', () => {
    const factorFile = { ...(base as unknown as JobEvent), job_type: 'factor_ingest', target: 'FACTORS' as const, unit_id: null, progress: { phase: 'reading' } };
    expect(moduleEventOf(factorFile)).toBeUndefined();
    expect(moduleEventOf({ ...factorFile, state: 'FINISHED', result: 'ERROR', pipeline_active: false })).toBeUndefined();
    expect(moduleEventOf({ ...factorFile, job_type: 'factor_carry_over' })).toBeUndefined();
    expect(moduleEventOf({ ...factorFile, job_type: 'a_new_factor_source' })).toBeUndefined();
    expect(moduleSnapshot([factorFile])).toEqual([]);
    expect(moduleEventOf({ ...factorFile, job_type: 'emission_recalc', target: 'DATA_ENTRIES', state: 'NOT_STARTED' })).toMatchObject({ recalculating: true, unit_id: null });
  });

  it('snapshots one badge per module from its active jobs', () => {
    const a = base as unknown as JobEvent;
    const b = { ...a, id: 8, data_entry_type: 'train', state: 'NOT_STARTED', progress: {} } as JobEvent;
    const other = { ...a, id: 9, unit_id: 4 } as JobEvent;
    const finished = { ...a, id: 10, module_type: 'headcount', state: 'FINISHED' } as JobEvent;
    const modules = moduleSnapshot([a, b, other, finished]);
    expect(modules).toHaveLength(2);
    expect(modules.find((m) => m.unit_id === 3)).toMatchObject({ recalculating: true, phase: 'emission_recalc' });
  });
});
