// What a survey module's figure stands on, in words: the responses and the FTE it is extrapolated
// from and to, or that no one has answered yet (module.extrapolation.* in web/src/i18n/).
import { useI18n } from 'vue-i18n';
import type { SurveyBasis } from '@carbon/shared';
import { useFormat } from './useFormat';

export function useExtrapolationText() {
  const { t } = useI18n();
  const fmt = useFormat();
  return (basis: SurveyBasis): string => {
    // Responses with a figure are those extrapolated from; the others are said apart.
    const counted = basis.responses - (basis.without_figure ?? 0);
    const main = t(
      `module.extrapolation.${basis.basis}`,
      { responses: basis.basis === 'no_figure' ? basis.responses : counted, fte: fmt.fte(basis.unit_fte), respondentsFte: fmt.fte(basis.respondents_fte), people: basis.unit_head_count },
      basis.basis === 'no_figure' ? basis.responses : counted,
    );
    const apart = basis.without_figure && basis.basis !== 'no_figure' ? t('module.extrapolation.withoutFigure', { count: basis.without_figure }, basis.without_figure) : '';
    return apart ? `${main}. ${apart}` : main;
  };
}
