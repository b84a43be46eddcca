import { useId, useState, type MouseEvent } from 'react';
import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../../contract/languages.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import type { NameChoice } from './NameDialog.tsx';
import { useUpdateStory, type Story } from './storyApi.ts';
import { isSavableEdit } from './storyEdits.ts';
import { markNames, paragraphsOf } from './storyNames.ts';

interface StoryContentProps {
  story: Story;
  onOpenName: (choice: NameChoice) => void;
}

/**
 * The story's text (spec 2): names of its people and places open their details; a click
 * elsewhere on the text (or the Edit button) opens it for editing with Save and Cancel.
 */
export function StoryContent({ story, onOpenName }: StoryContentProps) {
  const { t } = useTranslation('storyDetail');
  const update = useUpdateStory(story.id);
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();

  if (draft !== null) {
    const save = () =>
      update.mutate(
        { content: draft.trim() },
        {
          onSuccess: () => {
            setDraft(null);
            toast({ title: t('content.saved') });
          },
          onError: () => toast({ title: t('content.saveFailed'), variant: 'destructive' }),
        },
      );
    return (
      <div className="grid gap-3">
        <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
          {t('content.label')}
        </label>
        <textarea
          id={fieldId}
          value={draft}
          autoFocus
          rows={Math.max(8, Math.min(24, draft.split('\n').length + 2))}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
          className={`w-full rounded-lg border border-stone-600 bg-stone-950 p-3 text-lg leading-relaxed text-stone-50 ${focusRing}`}
        />
        <div className="flex gap-2">
          <Button onClick={save} disabled={!isSavableEdit(draft, story.content) || update.isPending}>
            {update.isPending ? t('saving') : t('actions.save', { ns: 'common' })}
          </Button>
          <Button variant="ghost" onClick={() => setDraft(null)} disabled={update.isPending}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
        </div>
      </div>
    );
  }

  const people = story.metadata.people;
  const places = story.metadata.locations;
  const withEndings = toLanguage(story.language) === 'fi';
  const openEditor = (event: MouseEvent) => {
    // A name opens its details, a selection is for copying: neither opens the editor.
    if ((event.target as HTMLElement).closest('button')) return;
    if (window.getSelection()?.toString()) return;
    setDraft(story.content);
  };

  return (
    <div className="grid gap-2">
      {/* The click target is a convenience; the Edit button below is the accessible way in. */}
      <div onClick={openEditor} className="-mx-2 grid cursor-text gap-4 rounded-lg px-2 py-1 text-lg leading-relaxed text-stone-100 hover:bg-stone-900/60">
        {paragraphsOf(story.content).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {markNames(paragraph, people, places, { withEndings }).map((part, partIndex) =>
              part.name === undefined ? (
                part.text
              ) : (
                <button
                  key={partIndex}
                  type="button"
                  onClick={() => onOpenName({ name: part.name, kind: part.kind })}
                  className={`rounded-sm underline decoration-amber-300/60 decoration-2 underline-offset-4 hover:bg-amber-300/10 hover:decoration-amber-300 ${focusRing}`}
                >
                  {part.text}
                </button>
              ),
            )}
          </p>
        ))}
      </div>
      <div>
        <Button variant="ghost" onClick={() => setDraft(story.content)} className="-ml-2">
          <PenLine aria-hidden className="size-4" />
          {t('content.edit')}
        </Button>
      </div>
    </div>
  );
}
