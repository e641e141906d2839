// An entry type whose own factor set is optional (empty by design: members' per-FTE estimates)
// adds nothing while the year has no row of it: 0 kg, marked as not
// configured, never an entry without a factor. Once the set has rows, a row that matches none
// still lacks a figure, as with any other set.
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES } from './registry';
import { emissionsOf, isNotConfigured } from './notConfigured';

const member = ENTRY_TYPES.member!;
const ai = ENTRY_TYPES.ai_service!;
const input = (data: Record<string, unknown>, factors: { id: number; classification: Record<string, string>; values: Record<string, number> }[], set: string) => ({
  data,
  year: 2025,
  locations: {},
  factors,
  factorSets: { [set]: factors },
});

describe('optional factor sets without a row for the year', () => {
  it('give members 0 kg marked as not configured, not a missing figure', () => {
    const [row] = emissionsOf(member, input({ fte: 0.8 }, [], 'member'));
    expect(row).toMatchObject({ emission_type: 'member', kg_co2eq: 0, quantity: 0.8, scope: 3, category: 'per_fte_estimates' });
    expect(row!.meta.reason).toBeUndefined();
    expect(isNotConfigured(row!)).toBe(true);
  });


  it('leave the formula alone once the set has rows: a figure, or a missing one for an unmatched row', () => {
    const [member1] = emissionsOf(member, input({ fte: 0.5 }, [{ id: 1, classification: { category: 'food' }, values: { kg_co2eq_per_fte: 1000 } }], 'member'));
    expect(member1).toMatchObject({ kg_co2eq: 500 });
    expect(isNotConfigured(member1!)).toBe(false);
  });

  it('never touch an entry type whose set is not optional: an AI service without its row has no figure', () => {
    const [unpriced] = emissionsOf(ai, input({ service: 'openai_chatgpt_text', requests: 3 }, [], 'ai_service'));
    expect(unpriced).toMatchObject({ kg_co2eq: null });
    expect(isNotConfigured(unpriced!)).toBe(false);
    const cloud = ENTRY_TYPES.cloud_spend!;
    const rows = emissionsOf(cloud, { data: { service_kind: 'compute', amount: 100, currency: 'EUR' }, year: 2025, locations: {}, factors: [], factorSets: {} });
    expect(rows.every((r) => r.kg_co2eq === null && !isNotConfigured(r))).toBe(true);
  });
});
