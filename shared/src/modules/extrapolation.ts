// A survey module's extrapolation (a registry module with `extrapolated`): its responses stand for
// the whole unit, so wherever its total is shown — its stats, the report's totals, the results'
// breakdowns, the exports — it is the respondents' emissions × the unit's FTE ÷ the respondents'
// FTE (by head count when the unit's FTE is unknown). One function scales a module's figures
// (`extrapolationFactor`, `scaleFigures`); the BFF reads the basis (bff/src/domain/surveys.ts)
// and applies it to stats and results alike, so Path 1 and Path 2 read the same.
// docs/decisions.md, extrapolating a survey.

/** What a survey module's total stands on. */
export interface SurveyBasis {
  /** Responses stored (anonymous ones included). */
  responses: number;
  /** Of them, those without a figure (no factor for a mode): left out of the respondents, their
   * FTE and their emissions alike, so that they count neither as 0 kg nor as people. */
  without_figure: number;
  /** Anonymous responses with a figure (no person number): each counts 1 FTE and 1 person. */
  anonymous: number;
  /** People who answered with a figure: distinct person numbers, plus each anonymous response. */
  respondents: number;
  /** Their FTE: each named respondent's FTE in the headcount, plus 1 per anonymous response. */
  respondents_fte: number;
  /** The unit's headcount that year: its members' FTE and their number. */
  unit_fte: number;
  unit_head_count: number;
  /** `fte`: × unit FTE ÷ respondents' FTE; `head_count`: × members ÷ respondents (no FTE known);
   * `respondents`: no headcount to extrapolate to, the respondents' sum as it is;
   * `no_response`: nothing to extrapolate (the module says so instead of a zero);
   * `no_figure`: responses, none with a figure yet. */
  basis: 'fte' | 'head_count' | 'respondents' | 'no_response' | 'no_figure';
  /** The multiplier of the respondents' figures; null with no response. */
  factor: number | null;
}

/** The basis and multiplier from the counts. */
export function extrapolationFactor(c: Omit<SurveyBasis, 'basis' | 'factor'>): SurveyBasis {
  if (c.responses === 0) return { ...c, basis: 'no_response', factor: null };
  if (c.respondents === 0) return { ...c, basis: 'no_figure', factor: null };
  if (c.unit_fte > 0 && c.respondents_fte > 0) return { ...c, basis: 'fte', factor: c.unit_fte / c.respondents_fte };
  if (c.unit_head_count > 0 && c.respondents > 0) return { ...c, basis: 'head_count', factor: c.unit_head_count / c.respondents };
  return { ...c, basis: 'respondents', factor: 1 };
}

/** kg figures of a stats-like object, keyed (by scope, category, type…). */
export type KgByKey = Record<string, number>;

/** What the extrapolation adds to a module's figures: each × (factor − 1). Zero with no factor
 * (no response: the respondents' sum is 0 anyway). */
export function extrapolationExtra(kg: number, basis: SurveyBasis | undefined): number {
  return basis?.factor ? kg * (basis.factor - 1) : 0;
}

/** A `{key: kg}` object with the extras of `module` (its own figures by the same keys) added. */
export function addExtras(target: KgByKey, module: KgByKey, basis: SurveyBasis | undefined): KgByKey {
  const out = { ...target };
  for (const [k, kg] of Object.entries(module)) out[k] = (out[k] ?? 0) + extrapolationExtra(kg, basis);
  return out;
}
