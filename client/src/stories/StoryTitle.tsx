import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { isSavableEdit } from '../ui/savableEdit.ts';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { useCurrentUser } from '../api/currentUser.ts';
import { useUpdateStory, type Story } from '../api/stories.ts';
import { hasRealTitle } from '../api/storyProgress.ts';

/**
 * The story's title, edited in place (spec 2, 5): a click opens the field, Enter (or
 * leaving the field) saves a non-empty change, Escape cancels. A title that fails to save
 * comes back into the field; an unsaved one is guarded and kept like any typed text.
 */
export function StoryTitle({ story, children }: { story: Story; children: (title: ReactNode, below: ReactNode) => ReactNode }) {
  const { t } = useTranslation('storyDetail');
  const update = useUpdateStory(story.id);
  const [draft, setDraft] = useState<string | null>(null);
  const done = useRef(false);
  const shown = hasRealTitle(story) ? story.title : t('placeholders.title', { ns: 'story' });

  const open = (value: string) => {
    done.current = false;
    setDraft(value);
  };

  /** Closes the field, saving a change when asked; false when the save failed (the title is back in the field). */
  const finish = (save: boolean): Promise<boolean> => {
    if (draft === null || done.current) return Promise.resolve(true);
    done.current = true;
    setDraft(null);
    if (!save || !isSavableEdit(draft, story.title)) return Promise.resolve(true);
    const typed = draft;
    return new Promise((resolve) =>
      update.mutate(
        { title: typed.trim() },
        {
          onSuccess: () => {
            toast({ title: t('title.saved') });
            resolve(true);
          },
          onError: () => {
            toast({ title: t('title.saveFailed'), variant: 'destructive' });
            open(typed);
            resolve(false);
          },
        },
      ),
    );
  };

  const owner = useCurrentUser().data?.id ?? null;
  const { guard, offer } = useGuardedEditor({
    ownerId: owner,
    draftKey: `story:${story.id}:title`,
    value: draft,
    dirty: draft !== null && isSavableEdit(draft, story.title),
    save: () => finish(true),
    discard: () => void finish(false),
    restore: open,
    isStored: (kept) => !isSavableEdit(kept, story.title),
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  // The kept draft's offer and the guard go below the page header, outside its heading.
  const below = (
    <>
      {guard}
      {offer && <div className="mt-3">{offer}</div>}
    </>
  );

  if (draft !== null) {
    return children(
      <Input
        aria-label={t('title.label')}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void finish(true)}
        className="text-2xl font-semibold"
      />,
      below,
    );
  }

  // While the title saves, the new one shows already.
  const title = update.isPending && update.variables && 'title' in update.variables ? update.variables.title : shown;
  return children(
    <button
      type="button"
      onClick={() => open(hasRealTitle(story) ? story.title : '')}
      title={t('title.editHint')}
      className={clsx('-mx-1 rounded-md px-1 text-left hover:bg-stone-800/70', focusRing)}
    >
      {title}
    </button>,
    below,
  );
}
