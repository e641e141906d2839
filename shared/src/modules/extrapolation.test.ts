// A survey's multiplier, worked by hand: by FTE when the unit's FTE is known, by head count when
// it is not, the respondents as they are without a headcount, none with no response.
import { describe, expect, it } from 'vitest';
import { addExtras, extrapolationExtra, extrapolationFactor } from './extrapolation';

const counts = { responses: 6, without_figure: 0, anonymous: 1, respondents: 6, respondents_fte: 5, unit_fte: 20, unit_head_count: 22 };

describe('a survey extrapolation', () => {
  it('6 responses, 5 FTE of 20: × 20 ÷ 5 = × 4; 1,328 kg become 5,312 kg, the extra 3,984 kg', () => {
    const b = extrapolationFactor(counts);
    expect(b).toMatchObject({ basis: 'fte', factor: 4 });
    expect(extrapolationExtra(1328, b)).toBe(3984);
    expect(addExtras({ '1': 10, '3': 100 }, { '3': 1328 }, b)).toEqual({ '1': 10, '3': 4084 });
  });
  it('no FTE in the headcount: by head count, 22 people ÷ 6 respondents', () => {
    expect(extrapolationFactor({ ...counts, unit_fte: 0 })).toMatchObject({ basis: 'head_count', factor: 22 / 6 });
  });
  it('no headcount at all: the respondents as they are (× 1)', () => {
    const b = extrapolationFactor({ ...counts, unit_fte: 0, unit_head_count: 0 });
    expect(b).toMatchObject({ basis: 'respondents', factor: 1 });
    expect(extrapolationExtra(1328, b)).toBe(0);
  });
  it('responses, none with a figure: nothing to extrapolate yet, said as such (not a zero)', () => {
    const b = extrapolationFactor({ ...counts, without_figure: 6, anonymous: 0, respondents: 0, respondents_fte: 0 });
    expect(b).toMatchObject({ basis: 'no_figure', factor: null });
  });
  it('no response: nothing to extrapolate, said as such', () => {
    const b = extrapolationFactor({ ...counts, responses: 0, anonymous: 0, respondents: 0, respondents_fte: 0 });
    expect(b).toMatchObject({ basis: 'no_response', factor: null });
    expect(extrapolationExtra(0, b)).toBe(0);
  });
});
