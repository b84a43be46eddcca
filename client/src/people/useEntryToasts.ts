import { useTranslation } from 'react-i18next';
import type { EntryKind } from '../api/people.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { toast } from '../ui/toastStore.ts';

type Outcome = 'created' | 'updated' | 'deleted';
const SUCCESS = {
  person: { created: 'toast.personCreated', updated: 'toast.personUpdated', deleted: 'toast.personDeleted' },
  place: { created: 'toast.placeCreated', updated: 'toast.placeUpdated', deleted: 'toast.placeDeleted' },
} as const;
const FAILURE = {
  person: { created: 'toast.errorCreatingPerson', updated: 'toast.errorUpdatingPerson', deleted: 'toast.errorDeletingPerson' },
  place: { created: 'toast.errorCreatingPlace', updated: 'toast.errorUpdatingPlace', deleted: 'toast.errorDeletingPlace' },
} as const;

/**
 * The spec's success and error toasts for saving and deleting a person or place (8.5, 8.6).
 * A refused field says what to change; anything else is "Please try again later."
 */
export function useEntryToasts(kind: EntryKind) {
  const { t } = useTranslation('people');
  const errorText = useErrorText();
  const description = (error: unknown) =>
    error instanceof ApiRequestError && error.code === 'validation' ? errorText(error) : t('toast.tryLater');
  return {
    succeeded: (outcome: Outcome) => toast({ title: t(SUCCESS[kind][outcome]) }),
    failed: (outcome: Outcome, error: unknown) =>
      toast({ title: t(FAILURE[kind][outcome]), description: description(error), variant: 'destructive' }),
    linkFailed: (error: unknown) => toast({ title: t('toast.errorLinking'), description: description(error), variant: 'destructive' }),
  };
}
