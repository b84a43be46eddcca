import { useTranslation } from 'react-i18next';
import { CHAPTER_DESCRIPTION_MAX, CHAPTER_TITLE_MAX } from '../../../contract/chapters.ts';
import { ApiRequestError } from '../api/request.ts';
import { toast } from '../ui/toastStore.ts';

type Failure = 'createFailed' | 'updateFailed' | 'deleteFailed' | 'reorderFailed' | 'moveFailed';

/**
 * The destructive toasts of the chapter calls (spec 8.5: chapter failures, text not given):
 * what failed, and a refused field says what to change; anything else is "try again later".
 */
export function useChapterFailure() {
  const { t } = useTranslation('chapters');
  return (failure: Failure, error: unknown) => {
    let description = t('toast.tryLater');
    if (error instanceof ApiRequestError && error.code === 'validation') {
      if (error.field === 'title') description = t('validation.title', { max: CHAPTER_TITLE_MAX });
      else if (error.field === 'description') description = t('validation.description', { max: CHAPTER_DESCRIPTION_MAX });
      else description = t('validation.other');
    }
    toast({ title: t(`toast.${failure}`), description, variant: 'destructive' });
  };
}
