import { useTranslation } from 'react-i18next';
import { AUTOBIOGRAPHY_LIMITS } from '../../../contract/autobiography.ts';
import { ApiRequestError } from '../api/request.ts';
import { toast } from '../ui/toastStore.ts';

type Failure = 'generateFailed' | 'retryFailed' | 'deleteFailed';

/** The destructive toasts of the autobiography calls: what failed, and why in the person's words when the server says. */
export function useBookFailure() {
  const { t } = useTranslation('autobiography');
  return (failure: Failure, error: unknown) => {
    let description = t('toast.tryLater');
    if (error instanceof ApiRequestError) {
      if (error.code === 'nothing_to_write') description = t('toast.nothingToWrite');
      else if (error.status === 404) description = t('toast.notFound');
      else if (error.code === 'validation') {
        description = error.field === 'title' ? t('toast.titleInvalid', { max: AUTOBIOGRAPHY_LIMITS.titleMax }) : t('toast.invalid');
      }
    }
    toast({ title: t(`toast.${failure}`), description, variant: 'destructive' });
  };
}
