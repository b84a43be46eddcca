import { useRef, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import { isSavableEdit } from '../ui/savableEdit.ts';
import { useUpdateStory, type Story } from '../api/stories.ts';
import { hasRealTitle } from '../api/storyProgress.ts';

/**
 * The story's title, edited in place (spec 2, 5): a click opens the field, Enter (or
 * leaving the field) saves a non-empty change, Escape cancels.
 */
export function StoryTitle({ story }: { story: Story }) {
  const { t } = useTranslation('storyDetail');
  const update = useUpdateStory(story.id);
  const [draft, setDraft] = useState<string | null>(null);
  const done = useRef(false);
  const shown = hasRealTitle(story) ? story.title : t('placeholders.title', { ns: 'story' });

  const finish = (save: boolean) => {
    if (draft === null || done.current) return;
    done.current = true;
    setDraft(null);
    if (!save || !isSavableEdit(draft, story.title)) return;
    update.mutate(
      { title: draft.trim() },
      {
        onSuccess: () => toast({ title: t('title.saved') }),
        onError: () => toast({ title: t('title.saveFailed'), variant: 'destructive' }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };

  if (draft !== null) {
    return (
      <Input
        aria-label={t('title.label')}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => finish(true)}
        className="text-2xl font-semibold"
      />
    );
  }

  // While the title saves, the new one shows already.
  const title = update.isPending && update.variables && 'title' in update.variables ? update.variables.title : shown;
  return (
    <button
      type="button"
      onClick={() => {
        done.current = false;
        setDraft(hasRealTitle(story) ? story.title : '');
      }}
      title={t('title.editHint')}
      className={clsx('-mx-1 rounded-md px-1 text-left hover:bg-stone-800/70', focusRing)}
    >
      {title}
    </button>
  );
}
