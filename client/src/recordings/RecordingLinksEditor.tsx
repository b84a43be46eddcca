import { useId, useRef, useState } from 'react';
import { Loader2, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { useStoryChoices } from '../lists/useStoryChoices.ts';
import { focusRing } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';
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
 * 1 s after the selection differs from the stored one, with a "Saving..." indicator. The
 * story select offers the newest stories (Show more for older ones) or what a search finds,
 * and always the chosen story.
 */
export function RecordingLinksEditor({ recording }: { recording: RecordingWithLinksDto }) {
  const { t } = useTranslation('recordings');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const [storySearch, setStorySearch] = useState('');
  const stories = useStoryChoices(storySearch);
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
  // The titles of every story offered so far: the chosen one keeps its name when a new search leaves it out.
  const titles = useRef(new Map<number, string>());
  if (recording.story) titles.current.set(recording.story.id, recording.story.title);
  for (const story of stories.choices) titles.current.set(story.id, hasRealTitle(story) ? story.title : tStory('placeholders.title'));
  const chosenStory = draft.storyId === null ? [] : [{ id: draft.storyId, name: titles.current.get(draft.storyId) ?? tStory('placeholders.title') }];

  const storyOptions = [
    { value: NONE, label: t('links.noStory') },
    ...withLinked(
      stories.choices.map((story) => ({ id: story.id, name: titles.current.get(story.id)! })),
      chosenStory,
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
      <div className="-mt-3 grid gap-2">
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
          <Input
            type="search"
            value={storySearch}
            onChange={(event) => setStorySearch(event.target.value)}
            aria-label={t('searchStories', { ns: 'lists' })}
            placeholder={t('searchStories', { ns: 'lists' })}
            autoComplete="off"
            className="pl-9"
          />
        </div>
        {stories.words !== '' && !stories.isPending && stories.choices.length === 0 && (
          <p role="status" className="text-sm text-stone-400">
            {t('noMatch', { ns: 'lists', words: stories.words })}
          </p>
        )}
        <ListMore hasMore={stories.hasMore} loading={stories.loadingMore} failed={stories.moreFailed} onMore={stories.loadMore} auto={false} />
      </div>
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
