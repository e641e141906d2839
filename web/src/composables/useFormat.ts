// Locale-aware number texts with their units, for templates.
import { useI18n } from 'vue-i18n';
import { formatDate, formatFte, formatKg, formatKm, formatNumber, formatTonnes } from '../utils/format';

export function useFormat() {
  const { t, locale } = useI18n();
  return {
    tonnes: (kg: number) => t('units.tonnes', { value: formatTonnes(kg, locale.value) }),
    tonnesPerFte: (kg: number) => t('units.tonnesPerFte', { value: formatTonnes(kg, locale.value) }),
    tonnesPerPerson: (kg: number) => t('units.tonnesPerPerson', { value: formatTonnes(kg, locale.value) }),
    kg: (kg: number) => t('units.kg', { value: formatKg(kg, locale.value) }),
    /** A figure that may be well under a tonne (one person's footprint): kg below 1 t, where
     * tonnes with one decimal would read "0.0 t"; tonnes from 1 t on. */
    mass: (kg: number) => (Math.abs(kg) < 1000 ? t('units.kg', { value: formatKg(kg, locale.value) }) : t('units.tonnes', { value: formatTonnes(kg, locale.value) })),
    kgNumber: (kg: number) => formatKg(kg, locale.value),
    km: (km: number) => t('units.km', { value: formatKm(km, locale.value) }),
    fte: (fte: number) => t('units.fte', { value: formatFte(fte, locale.value) }),
    date: (iso: string) => formatDate(iso, locale.value),
    /** A whole count (rows, entries), digits grouped. */
    count: (n: number) => formatNumber(n, locale.value),
  };
}
