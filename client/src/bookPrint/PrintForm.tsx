import { useId, useState, type FormEvent } from 'react';
import { Printer } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { PRINT_LIMITS, PRINT_TRIMS } from '../../../contract/print-book.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { printUnderWay, usePrintPhotos, useStartPrint, type PrintBook } from '../api/printBook.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { ChoiceGroup } from '../settings/ChoiceGroup.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { CoverPhotoChoice } from './CoverPhotoChoice.tsx';
import { choicesOf, dedicationLength, dedicationText, dedicationTooLong, dedicationUnsaved, printRequestOf, type PrintChoices } from './printForm.ts';

interface PrintFormProps {
  bookId: number;
  print: PrintBook;
}

/**
 * The print's choices: trim, cover photo, dedication, and the button that lays the book out.
 * The dedication is the person's words: while it differs from the last print's, every way out
 * asks (Save starts the print with it) and it is kept on the device; a refused start keeps
 * everything as typed. Disabled while a print is laid out.
 */
export function PrintForm({ bookId, print }: PrintFormProps) {
  const { t } = useTranslation('print');
  const language = useLanguage();
  const errorText = useErrorText();
  const ownerId = useCurrentUser().data?.id ?? null;
  const photos = usePrintPhotos(bookId);
  const start = useStartPrint(bookId);
  const [choices, setChoices] = useState<PrintChoices>(() => choicesOf(print.state === 'none' ? undefined : print));
  const [problem, setProblem] = useState<{ field: 'dedication' | 'cover' | 'form'; text: string } | null>(null);
  const dedicationId = useId();
  const underWay = printUnderWay(print);
  const change = (next: Partial<PrintChoices>) => {
    setChoices((current) => ({ ...current, ...next }));
    setProblem(null);
  };

  /** Starts the print with the choices; true once the server has it (the dedication is then saved). */
  const send = async (): Promise<boolean> => {
    if (dedicationTooLong(choices.dedication)) {
      setProblem({ field: 'dedication', text: t('form.dedicationTooLong', { max: formatNumber(PRINT_LIMITS.dedicationMax, language) }) });
      return false;
    }
    try {
      await start.mutateAsync(printRequestOf(choices, photos.data?.map((photo) => photo.id)));
      setChoices((current) => ({ ...current, dedication: dedicationText(current.dedication) }));
      return true;
    } catch (error) {
      setProblem(refusal(error));
      return false;
    }
  };

  const refusal = (error: unknown): NonNullable<typeof problem> => {
    if (error instanceof ApiRequestError) {
      if (error.code === 'cover_photo_not_in_book') {
        // The photo left the book since the list was read: the list is read again to choose from.
        void photos.refetch();
        return { field: 'cover', text: t('form.coverGone') };
      }
      if (error.code === 'not_generated') return { field: 'form', text: t('form.notWritten') };
      if (error.code === 'rate_limited') return { field: 'form', text: t('form.limitReached', { count: PRINT_LIMITS.printsPerDay }) };
      if (error.code === 'validation' && error.field === 'dedication') {
        return { field: 'dedication', text: t('form.dedicationTooLong', { max: formatNumber(PRINT_LIMITS.dedicationMax, language) }) };
      }
    }
    return { field: 'form', text: `${t('form.failed')} ${errorText(error)}` };
  };

  const { guard, offer } = useGuardedEditor<PrintChoices>({
    ownerId,
    draftKey: `book:${bookId}:print`,
    value: choices,
    dirty: dedicationUnsaved(choices, print),
    save: send,
    discard: () => setChoices((current) => ({ ...current, dedication: print.dedication ?? '' })),
    restore: (kept) => setChoices(kept),
    isStored: (kept) => !dedicationUnsaved(kept, print),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const length = dedicationLength(choices.dedication);
  const over = length > PRINT_LIMITS.dedicationMax;
  const label = start.isPending ? t('form.starting') : print.state === 'none' ? t('form.start') : t('form.startAgain');

  return (
    <>
      {guard}
      {offer && <div className="mb-4">{offer}</div>}
      <form onSubmit={submit} noValidate className="grid gap-5">
        <fieldset disabled={underWay} className="grid gap-5 disabled:opacity-60">
          <ChoiceGroup
            legend={t('form.trim')}
            name="print-trim"
            value={choices.trim}
            choices={PRINT_TRIMS.map((trim) => ({ value: trim, label: t(`trims.${trim}.label`), hint: t(`trims.${trim}.hint`) }))}
            onChange={(trim) => change({ trim })}
          />
          <div className="grid gap-2">
            <CoverPhotoChoice
              photos={photos.data}
              failed={photos.isError}
              onRetry={() => void photos.refetch()}
              value={choices.coverPhotoId}
              onChange={(coverPhotoId) => change({ coverPhotoId })}
            />
            {problem?.field === 'cover' && (
              <p role="alert" className="text-sm text-red-300">
                {problem.text}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={dedicationId} className="text-sm font-medium text-stone-200">
              {t('form.dedication')}
            </label>
            <textarea
              id={dedicationId}
              rows={4}
              value={choices.dedication}
              onChange={(event) => change({ dedication: event.target.value })}
              placeholder={t('form.dedicationPlaceholder')}
              aria-invalid={over || problem?.field === 'dedication' ? true : undefined}
              aria-describedby={`${dedicationId}-count${problem?.field === 'dedication' ? ` ${dedicationId}-error` : ''}`}
              className={clsx(
                'w-full rounded-lg border border-stone-600 bg-stone-950 px-3 py-2 font-serif text-base text-stone-50',
                'placeholder:text-stone-500 aria-[invalid=true]:border-red-400',
                focusRing,
              )}
            />
            <p id={`${dedicationId}-count`} className={clsx('text-xs', over ? 'text-red-300' : 'text-stone-400')}>
              {t('form.dedicationCount', { length: formatNumber(length, language), max: formatNumber(PRINT_LIMITS.dedicationMax, language) })}
            </p>
            {problem?.field === 'dedication' && (
              <p id={`${dedicationId}-error`} role="alert" className="text-sm text-red-300">
                {problem.text}
              </p>
            )}
          </div>
        </fieldset>
        <FormAlert>{problem?.field === 'form' ? problem.text : null}</FormAlert>
        {!underWay && (
          <div>
            <Button type="submit" disabled={start.isPending}>
              <Printer aria-hidden className="size-4" />
              {label}
            </Button>
          </div>
        )}
      </form>
    </>
  );
}
