import { useState } from 'react';
import { MapPin, Plus, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../i18n/appLanguage.ts';
import { PersonDialog, PlaceDialog } from '../people/EntryDialogs.tsx';
import { placeTypeText, relationshipText } from '../people/options.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { usePeople, usePlaces } from '../api/people.ts';
import { findByName, type NameKind } from './storyNames.ts';

/** A name chosen in the story: whose details to show. */
export interface NameChoice {
  name: string;
  kind: NameKind;
}

interface NameDialogProps {
  choice: NameChoice | null;
  onClose: () => void;
}

/**
 * A person's or place's details from a name in the story (spec 2): the name and, when a
 * person or place record of that name exists, its relationship or type and a way to its
 * page; otherwise a way to add it, the name filled in.
 */
export function NameDialog({ choice, onClose }: NameDialogProps) {
  const { t } = useTranslation('storyDetail');
  const { t: tPeople } = useTranslation('people');
  // Kept apart from `choice`: the name's dialog closes as the add dialog opens.
  const [adding, setAdding] = useState<NameChoice | null>(null);
  const language = useLanguage();
  const people = usePeople(language);
  const places = usePlaces(language);
  const isPerson = choice?.kind === 'person';
  const record = choice ? (isPerson ? findByName(people.data, choice.name) : findByName(places.data, choice.name)) : undefined;
  // Shown in the interface language ("Isä", not the stored "father"); free text as it is.
  const detail =
    record && ('relationship' in record ? relationshipText(tPeople, record.relationship) : 'type' in record ? placeTypeText(tPeople, record.type).text : null);
  const Icon = isPerson ? User : MapPin;

  return (
    <>
      <ModalDialog
        open={choice !== null}
        onOpenChange={(open) => !open && onClose()}
        title={choice?.name ?? ''}
        description={isPerson ? t('names.person') : t('names.place')}
      >
        <div className="flex items-start gap-3 rounded-xl border border-stone-700 bg-stone-950/60 p-4">
          <Icon aria-hidden className="mt-0.5 size-5 text-amber-300" />
          {record ? (
            <dl className="grid gap-1 text-sm">
              <dt className="text-stone-400">{isPerson ? t('names.relationship') : t('names.type')}</dt>
              <dd className="text-stone-100">{detail ?? t('names.notGiven')}</dd>
            </dl>
          ) : (
            <p className="text-sm text-stone-300">{isPerson ? t('names.noPerson') : t('names.noPlace')}</p>
          )}
        </div>
        <div className="mt-4 flex justify-end">
          {record ? (
            <Link to={isPerson ? `/people/${record.id}` : `/people/places/${record.id}`} className={buttonClasses('primary')}>
              {tPeople('names.open')}
            </Link>
          ) : (
            <Button
              onClick={() => {
                setAdding(choice);
                onClose();
              }}
            >
              <Plus aria-hidden className="size-4" />
              {isPerson ? tPeople('names.addPerson') : tPeople('names.addPlace')}
            </Button>
          )}
        </div>
      </ModalDialog>
      <PersonDialog open={adding?.kind === 'person'} onOpenChange={(open) => !open && setAdding(null)} name={adding?.name} />
      <PlaceDialog open={adding?.kind === 'place'} onOpenChange={(open) => !open && setAdding(null)} name={adding?.name} />
    </>
  );
}
