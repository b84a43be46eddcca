import { useId, useState, type FormEvent } from 'react';
import { Check, MapPin, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { RECORDING_CONTEXT_TYPES, type RecordingContextType } from '../../../contract/uploads.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { usePeople, usePlaces } from '../api/recordings.ts';
import {
  canConfirmContext,
  chosenEntry,
  contextFields,
  initialContextDraft,
  matchingEntries,
  type ContextDraft,
  type ContextFields,
} from './recordingContext.ts';

interface ContextChooserProps {
  currentStoryId: number | null;
  /** What was chosen for an upload that failed: offered again. */
  chosen?: ContextFields;
  onConfirm: (context: ContextFields) => void;
  onDiscard: () => void;
}

/**
 * After stop: what the recording is about (spec 2 and 5) — the story it was recorded from,
 * a new story with a title, a person or place found by typing or created by name, or
 * nothing yet (kept among the recordings without a story).
 */
export function ContextChooser({ currentStoryId, chosen, onConfirm, onDiscard }: ContextChooserProps) {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const [draft, setDraft] = useState<ContextDraft>(() => initialContextDraft(currentStoryId, chosen));
  const isEntryType = draft.type === 'person' || draft.type === 'place';
  const people = usePeople(language);
  const places = usePlaces(language);
  const entries = (draft.type === 'person' ? people.data : draft.type === 'place' ? places.data : undefined) ?? [];
  const ready = canConfirmContext(draft, entries);
  const ids = { group: useId(), title: useId(), name: useId() };

  const types = RECORDING_CONTEXT_TYPES.filter((type) => type !== 'story' || currentStoryId !== null);
  const change = (fields: Partial<ContextDraft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onConfirm(contextFields(draft, entries));
  };

  return (
    <form onSubmit={submit} className="grid gap-6 pt-4">
      <p className="text-sm text-stone-400">{t('context.description')}</p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-stone-200">{t('context.choices')}</legend>
        {types.map((type) => (
          <ContextOption
            key={type}
            id={`${ids.group}-${type}`}
            type={type}
            checked={draft.type === type}
            onSelect={() => change({ type, pickedId: null })}
          />
        ))}
      </fieldset>

      {draft.type === 'new_story' && (
        <Field
          id={ids.title}
          label={t('context.storyTitle')}
          placeholder={t('context.storyTitlePlaceholder')}
          value={draft.title}
          onChange={(event) => change({ title: event.target.value })}
          autoComplete="off"
        />
      )}

      {isEntryType && (
        <EntryPicker
          inputId={ids.name}
          type={draft.type as 'person' | 'place'}
          draft={draft}
          entries={entries}
          onChange={change}
        />
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!ready} className="flex-1">
          {t('context.confirm')}
        </Button>
        <Button variant="ghost" onClick={onDiscard}>
          {t('context.discard')}
        </Button>
      </div>
    </form>
  );
}

function ContextOption(props: { id: string; type: RecordingContextType; checked: boolean; onSelect: () => void }) {
  const { t } = useTranslation('recording');
  return (
    <label
      htmlFor={props.id}
      className={clsx(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300',
        props.checked ? 'border-amber-300 bg-amber-300/10' : 'border-stone-700 bg-stone-900 hover:border-stone-500',
      )}
    >
      <input
        id={props.id}
        type="radio"
        name="recording-context"
        value={props.type}
        checked={props.checked}
        onChange={props.onSelect}
        className="size-4 accent-amber-300"
      />
      <span className="grid">
        <span className="text-stone-50">{t(`context.${props.type}`)}</span>
        {(props.type === 'story' || props.type === 'unassigned') && (
          <span className="text-xs text-stone-400">{t(`context.${props.type}Hint`)}</span>
        )}
      </span>
    </label>
  );
}

interface EntryPickerProps {
  inputId: string;
  type: 'person' | 'place';
  draft: ContextDraft;
  entries: { id: number; name: string }[];
  onChange: (fields: Partial<ContextDraft>) => void;
}

/** A name field that finds existing people or places as you type; a new name creates one. */
function EntryPicker({ inputId, type, draft, entries, onChange }: EntryPickerProps) {
  const { t } = useTranslation('recording');
  const matches = matchingEntries(entries, draft.name);
  const chosen = chosenEntry(draft, entries);
  const Icon = type === 'person' ? User : MapPin;
  const listLabelId = `${inputId}-list`;
  const name = draft.name.trim();

  return (
    <div className="grid gap-3">
      <Field
        id={inputId}
        label={t(type === 'person' ? 'context.personName' : 'context.placeName')}
        hint={t(type === 'person' ? 'context.personHint' : 'context.placeHint')}
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value, pickedId: null })}
        autoComplete="off"
      />
      {matches.length > 0 && (
        <div className="grid gap-1.5">
          <p id={listLabelId} className="text-xs font-medium text-stone-400">
            {t(type === 'person' ? 'context.existingPeople' : 'context.existingPlaces')}
          </p>
          <ul aria-labelledby={listLabelId} className="grid gap-1">
            {matches.map((entry) => {
              const selected = chosen?.id === entry.id;
              return (
                <li key={entry.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => onChange({ pickedId: entry.id, name: entry.name })}
                    className={clsx(
                      'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm',
                      selected ? 'bg-amber-300/15 text-amber-100' : 'text-stone-200 hover:bg-stone-800',
                      focusRing,
                    )}
                  >
                    <Icon aria-hidden className="size-4 shrink-0 text-stone-400" />
                    <span className="flex-1">{entry.name}</span>
                    {selected && <Check aria-hidden className="size-4 text-amber-300" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {name && !chosen && <p className="text-sm text-stone-400">{t('context.willCreate', { name })}</p>}
    </div>
  );
}
