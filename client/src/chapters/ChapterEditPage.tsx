import { useEffect, useRef, useState } from 'react';
import { Check, Loader2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CHAPTER_DESCRIPTION_MAX, CHAPTER_TITLE_MAX, chapterEditToSave } from '../../../contract/chapters.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useUpdateChapter, type Chapter } from '../api/chapters.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { TextAreaField } from '../people/FormFields.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { useAutosave } from '../ui/useAutosave.ts';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { useChapterFailure } from './chapterErrors.ts';
import { CHAPTERS_HOME, chapterPath } from './chapterPaths.ts';
import { DeleteChapterDialog } from './DeleteChapterDialog.tsx';
import { RouteChapter } from './RouteChapter.tsx';

/** /collections/chapters/:chapterId/edit: the chapter's title and description, saved by themselves (spec 5). */
export function ChapterEditPage() {
  return (
    <RouteChapter loadingLines={4} loadingBackTo={chapterPath}>
      {(chapter) => <ChapterEditForm chapter={chapter} />}
    </RouteChapter>
  );
}

function ChapterEditForm({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('chapters');
  const navigate = useNavigate();
  const update = useUpdateChapter(chapter.id);
  const failed = useChapterFailure();
  const [deleting, setDeleting] = useState(false);

  // Spec 5: 1.5 s after a change, when the title is non-empty and something changed.
  const autosave = useAutosave({
    stored: chapter,
    storedKey: `${chapter.title}\u0000${chapter.description ?? ''}`,
    toDraft: (stored: Chapter) => ({ title: stored.title, description: stored.description ?? '' }),
    toSave: chapterEditToSave,
    save: (payload) =>
      update.mutateAsync(payload).then(
        () => toast({ title: t('toast.updated') }),
        (error: unknown) => {
          failed('updateFailed', error);
          throw error;
        },
      ),
    delayMs: TIMINGS.chapterAutosaveMs,
    // The toast is given above, with the reason.
    onFailed: () => {},
  });
  const { draft, change, state } = autosave;
  const blankTitle = draft.title.trim() === '';

  // Leaving before the 1.5 s are up still keeps the change.
  const pending = useRef<{ payload: ReturnType<typeof chapterEditToSave>; waiting: boolean }>({ payload: null, waiting: false });
  pending.current = { payload: chapterEditToSave(draft, chapter), waiting: state === 'waiting' };
  const save = useRef(update.mutate);
  save.current = update.mutate;
  useEffect(
    () => () => {
      const { payload, waiting } = pending.current;
      if (waiting && payload) save.current(payload);
    },
    [],
  );

  // A change it cannot save by itself (a blank title, a failed save) is not left behind
  // unasked (Save, Discard, Stay); a reload keeps any change on the device and offers it back.
  const stored = { title: chapter.title, description: chapter.description ?? '' };
  const same = (a: typeof stored, b: typeof stored) => a.title === b.title && a.description === b.description;
  const owner = useCurrentUser().data?.id ?? null;
  const { guard, offer } = useGuardedEditor({
    ownerId: owner,
    draftKey: `chapter:${chapter.id}`,
    value: draft,
    dirty: !same(draft, stored),
    leavesFreely: pending.current.payload !== null && state !== 'failed',
    save: async () => {
      const payload = chapterEditToSave(draft, chapter);
      if (!payload) return false;
      try {
        await update.mutateAsync(payload);
        return true;
      } catch (error) {
        failed('updateFailed', error);
        return false;
      }
    },
    discard: () => change(() => stored),
    restore: (kept) => change(() => kept),
    isStored: (kept) => same(kept, stored),
  });

  return (
    <div className="grid gap-6">
      <PageHeader title={t('edit.title')} backTo={chapterPath(chapter.id)} />
      {guard}
      {offer}
      <form onSubmit={(event) => event.preventDefault()} noValidate className="-mt-2 grid gap-4">
        <Field
          label={t('form.titleLabel')}
          value={draft.title}
          maxLength={CHAPTER_TITLE_MAX}
          autoComplete="off"
          onChange={(event) => {
            const title = event.target.value;
            change((current) => ({ ...current, title }));
          }}
          error={blankTitle ? t('edit.blankTitle') : undefined}
        />
        <TextAreaField
          label={t('form.descriptionLabel')}
          value={draft.description}
          maxLength={CHAPTER_DESCRIPTION_MAX}
          onChange={(event) => {
            const description = event.target.value;
            change((current) => ({ ...current, description }));
          }}
        />
        <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm text-stone-400">
          {state === 'waiting' && !blankTitle && t('edit.waiting')}
          {state === 'saving' && (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('edit.saving')}
            </>
          )}
          {state === 'saved' && (
            <>
              <Check aria-hidden className="size-4 text-amber-300" />
              {t('edit.saved')}
            </>
          )}
          {state === 'failed' && <span className="text-red-300">{t('edit.failed')}</span>}
          {state === 'idle' && t('edit.autosave')}
        </p>
      </form>

      <div className="border-t border-stone-800 pt-4">
        <Button variant="ghost" onClick={() => setDeleting(true)} className="-ml-2 text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('edit.delete')}
        </Button>
      </div>
      <DeleteChapterDialog chapter={chapter} open={deleting} onOpenChange={setDeleting} onDeleted={() => navigate(CHAPTERS_HOME)} />
    </div>
  );
}
