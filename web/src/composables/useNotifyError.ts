// Error toasts that carry the server's `detail` (or a generic message).
import { useNotify } from './useFeedback';
import { useI18n } from 'vue-i18n';
import { errorDetail } from '../utils/apiErrors';

export function useNotifyError() {
  const notify = useNotify();
  const { t } = useI18n();
  return (err: unknown, fallbackKey = 'errors.generic') => {
    notify({ type: 'negative', message: errorDetail(err, t(fallbackKey)), attrs: { role: 'alert' } });
  };
}
