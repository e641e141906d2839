// What a survey module's figure stands on, in words: the responses and the FTE it is extrapolated
// from and to, or that no one has answered yet (module.extrapolation.* in web/src/i18n/).
import { useI18n } from 'vue-i18n';
import type { SurveyBasis } from '@carbon/shared';
import { useFormat } from './useFormat';

export function useExtrapolationText() {
  const { t } = useI18n();
  const fmt = useFormat();
  return (basis: SurveyBasis): string =>
    t(
      `module.extrapolation.${basis.basis}`,
      { responses: basis.responses, fte: fmt.fte(basis.unit_fte), respondentsFte: fmt.fte(basis.respondents_fte), people: basis.unit_head_count },
      basis.responses,
    );
}
