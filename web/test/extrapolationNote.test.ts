// A survey module's total says what it stands on, in both languages: the responses and the FTE
// it is extrapolated from and to, by head count when no FTE is known, or that no one has answered
// yet (never a bare zero).
import { describe, expect, it } from 'vitest';
import { extrapolationFactor, type SurveyBasis } from '@carbon/shared';
import ExtrapolationNote from '../src/components/ExtrapolationNote.vue';
import { mountApp } from './support/mountApp';

const basis = (responses: number, respondents_fte: number, unit_fte: number, unit_head_count = 22, without_figure = 0): SurveyBasis =>
  extrapolationFactor({ responses, without_figure, anonymous: 0, respondents: responses - without_figure, respondents_fte, unit_fte, unit_head_count });

const note = (b: SurveyBasis, locale: 'en' | 'fr' = 'en') => mountApp(ExtrapolationNote, { props: { basis: b } }, locale).text();

describe('the extrapolation note', () => {
  it('6 responses out of 20 FTE', () => {
    expect(note(basis(6, 5, 20))).toBe('Extrapolated from 6 responses (5 FTE) to the unit’s 20 FTE');
    expect(note(basis(6, 5, 20), 'fr')).toBe('Extrapolé de 6 réponses (5 ETP) aux 20 ETP de l’unité');
  });
  it('one response', () => {
    expect(note(basis(1, 1, 20))).toBe('Extrapolated from 1 response (1 FTE) to the unit’s 20 FTE');
  });
  it('by head count when the unit has no FTE', () => {
    expect(note(basis(3, 0, 0, 12))).toBe('Extrapolated from 3 responses to the unit’s 12 people (no FTE known)');
  });
  it('responses without a figure are left out, and said so', () => {
    expect(note(basis(7, 5, 20, 22, 1))).toBe('Extrapolated from 6 responses (5 FTE) to the unit’s 20 FTE. 1 response without a figure (a mode without a factor) is left out');
    expect(note(basis(7, 5, 20, 22, 2), 'fr')).toBe('Extrapolé de 5 réponses (5 ETP) aux 20 ETP de l’unité. 2 réponses sans chiffre (un mode sans facteur) sont laissées de côté');
    expect(note(basis(2, 0, 20, 22, 2))).toBe('None of the 2 responses has a figure yet (a mode without a factor): no total until one has');
  });
  it('no response yet, in both languages', () => {
    expect(note(basis(0, 0, 20))).toBe('No response yet: no total until someone answers');
    expect(note(basis(0, 0, 20), 'fr')).toBe('Aucune réponse pour l’instant : pas de total tant que personne n’a répondu');
  });
});
