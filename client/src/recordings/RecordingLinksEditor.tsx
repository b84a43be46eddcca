import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { storiesQuery } from '../api/stories.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { focusRing } from '../ui/Button.tsx';
import { SelectField } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import { useAutosave } from '../ui/useAutosave.ts';
import { linkChanges, selectionDiffers, selectionOf, toggleId, type LinkSelection } from './recordingLinks.ts';
import { usePeople, usePlaces, useSaveRecordingLinks } from '../api/recordings.ts';

const NONE = 'none';

/** Entries of a list plus the linked ones it lacks, so every checked box shows. */
function withLinked<T extends { id: number; name: string }>(entries: readonly T[] | undefined, linked: readonly T[]): T[] {
  const known = new Set((entries ?? []).map((entry) => entry.id));
  return [...(entries ?? []), ...linked.filter((entry) => !known.has(entry.id))];
}

/**
 * Linked content (spec 2, 4): the story (or none), people and places; saved by itself
 * 1 s after the selection differs from the stored one, with a "Saving..." indicator.
 */
export function RecordingLinksEditor({ recording }: { recording: RecordingWithLinksDto }) {
  const { t } = useTranslation('recordings');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const stories = useQuery(storiesQuery(language));
  const people = usePeople(language);
  const places = usePlaces(language);
  const save = useSaveRecordingLinks(recording.id);
  const stored = selectionOf(recording);
  const { draft, change, state } = useAutosave({
    stored,
    storedKey: JSON.stringify(stored),
    toDraft: (selection: LinkSelection) => selection,
    toSave: (current: LinkSelection, selection: LinkSelection) =>
      selectionDiffers(current, selection) ? linkChanges(current, selection) : null,
    save: save.mutateAsync,
    delayMs: TIMINGS.linkAutosaveMs,
    onFailed: () => toast({ title: t('links.saveFailed'), variant: 'destructive' }),
  });
  const ids = { people: useId(), places: useId() };

  const storyOptions = [
    { value: NONE, label: t('links.noStory') },
    ...withLinked(
      stories.data?.map((story) => ({ id: story.id, name: hasRealTitle(story) ? story.title : tStory('placeholders.title') })),
      recording.story ? [{ id: recording.story.id, name: recording.story.title }] : [],
    ).map((story) => ({ value: String(story.id), label: story.name })),
  ];

  const checkboxes = (kind: 'peopleIds' | 'placeIds', entries: readonly { id: number; name: string }[], empty: string) =>
    entries.length === 0 ? (
      <p className="text-sm text-stone-400">{empty}</p>
    ) : (
      <div className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <label
            key={entry.id}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-stone-700 bg-stone-950 px-3 text-sm text-stone-100 has-[:checked]:border-amber-300/60 has-[:checked]:bg-amber-300/10"
          >
            <input
              type="checkbox"
              checked={draft[kind].includes(entry.id)}
              onChange={(event) => change((current) => ({ ...current, [kind]: toggleId(current[kind], entry.id, event.target.checked) }))}
              className={`size-4 accent-amber-300 ${focusRing}`}
            />
            {entry.name}
          </label>
        ))}
      </div>
    );

  return (
    <div className="grid gap-5">
      <SelectField
        label={t('links.story')}
        value={draft.storyId === null ? NONE : String(draft.storyId)}
        options={storyOptions}
        onValueChange={(value) => change((current) => ({ ...current, storyId: value === NONE ? null : Number(value) }))}
      />
      <fieldset className="grid gap-2">
        <legend id={ids.people} className="mb-2 text-sm font-medium text-stone-200">
          {t('links.people')}
        </legend>
        {checkboxes('peopleIds', withLinked(people.data, recording.people), t('links.noPeople'))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend id={ids.places} className="mb-2 text-sm font-medium text-stone-200">
          {t('links.places')}
        </legend>
        {checkboxes('placeIds', withLinked(places.data, recording.places), t('links.noPlaces'))}
      </fieldset>
      <p role="status" className="min-h-5 text-sm text-stone-400">
        {(state === 'waiting' || state === 'saving') && (
          <span className="flex items-center gap-1.5">
            <Loader2 aria-hidden className="size-3.5 animate-spin" />
            {t('links.saving')}
          </span>
        )}
      </p>
    </div>
  );
}
