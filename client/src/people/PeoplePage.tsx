import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { MapPin, Plus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePeople, usePlaces, type EntryKind, type PersonEntry, type PlaceEntry } from '../api/people.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { PersonDialog, PlaceDialog } from './EntryDialogs.tsx';
import { EntryRow } from './EntryRow.tsx';
import { placeTypeText, relationshipText } from './options.ts';
import { UnlinkedLabels } from './UnlinkedLabels.tsx';

/** Which modal is open: adding (maybe named from a label) or editing a record. */
type ModalState = { entry: PersonEntry | PlaceEntry | null; labels?: string[] } | null;

/**
 * People & Places (spec 2): people at /people, places at /people/places; each tab with its
 * count, rows, empty state, add button and the names in stories tied to no record.
 */
export function PeoplePage({ tab }: { tab: EntryKind }) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const language = useLanguage();
  const people = usePeople(language);
  const places = usePlaces(language);
  const [modal, setModal] = useState<ModalState>(null);
  const list = tab === 'person' ? people : places;
  const records = list.data ?? [];
  const isPerson = tab === 'person';

  const tabs: { kind: EntryKind; label: string; to: string }[] = [
    { kind: 'person', label: t('tabs.people'), to: '/people' },
    { kind: 'place', label: t('tabs.places'), to: '/people/places' },
  ];
  const add = (labels?: string[]) => setModal({ entry: null, labels });

  return (
    <>
      <PageHeader title={t('title')} backTo="/" />
      <Tabs.Root value={tab} onValueChange={(kind) => navigate(tabs.find((item) => item.kind === kind)!.to, { replace: true })}>
        <Tabs.List aria-label={t('tabs.label')} className="mb-5 grid grid-cols-2 gap-1 rounded-full bg-stone-900 p-1">
          {tabs.map((item) => (
            <Tabs.Trigger
              key={item.kind}
              value={item.kind}
              className={clsx(
                'min-h-10 rounded-full text-sm font-medium',
                focusRing,
                tab === item.kind ? 'bg-amber-300 text-stone-950' : 'text-stone-300 hover:text-stone-50',
              )}
            >
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* One panel for both tabs: the route says which list it shows. */}
        <Tabs.Content value={tab} className={focusRing}>
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 className="text-lg font-semibold text-stone-50">
              {list.isPending ? t(isPerson ? 'tabs.people' : 'tabs.places') : t(isPerson ? 'count.people' : 'count.places', { count: records.length })}
            </h2>
            <Button variant="secondary" onClick={() => add()}>
              <Plus aria-hidden className="size-4" />
              {isPerson ? t('add.person') : t('add.place')}
            </Button>
          </div>
          {list.isPending ? (
            <LoadingRows label={isPerson ? t('loading.people') : t('loading.places')} rowClassName="h-[4.75rem]" list />
          ) : list.isError ? (
            <LoadFailed message={isPerson ? t('loadFailed.people') : t('loadFailed.places')} retryLabel={t('loadFailed.retry')} onRetry={() => void list.refetch()} />
          ) : records.length === 0 ? (
            <EmptyState
              icon={isPerson ? <Users aria-hidden className="size-10 text-amber-300" /> : <MapPin aria-hidden className="size-10 text-amber-300" />}
              title={isPerson ? t('empty.peopleTitle') : t('empty.placesTitle')}
              description={isPerson ? t('empty.peopleText') : t('empty.placesText')}
              action={
                <Button onClick={() => add()}>
                  <Plus aria-hidden className="size-4" />
                  {isPerson ? t('add.person') : t('add.place')}
                </Button>
              }
            />
          ) : (
            <ul className="grid gap-2" aria-label={isPerson ? t('tabs.people') : t('tabs.places')}>
              {isPerson
                ? (records as PersonEntry[]).map((person) => (
                    <EntryRow
                      key={person.id}
                      name={person.name}
                      portraitUrl={person.portraitThumbUrl}
                      detail={relationshipText(t, person.relationship) ?? t('row.noRelationship')}
                      lastMentioned={person.lastMentioned}
                      mentionCount={person.mentionCount}
                      to={`/people/${person.id}`}
                      onEdit={() => setModal({ entry: person })}
                    />
                  ))
                : (records as PlaceEntry[]).map((place) => {
                    const type = placeTypeText(t, place.type);
                    return (
                      <EntryRow
                        key={place.id}
                        name={place.name}
                        emoji={type.emoji}
                        detail={type.text ?? t('row.noType')}
                        lastMentioned={place.lastMentioned}
                        mentionCount={place.mentionCount}
                        to={`/people/places/${place.id}`}
                        onEdit={() => setModal({ entry: place })}
                      />
                    );
                  })}
            </ul>
          )}
          {!list.isPending && <UnlinkedLabels key={tab} kind={tab} records={records} onCreate={add} />}
        </Tabs.Content>
      </Tabs.Root>
      {isPerson ? (
        <PersonDialog open={modal !== null} onOpenChange={(open) => !open && setModal(null)} entry={modal?.entry as PersonEntry | null} name={modal?.labels?.[0]} labels={modal?.labels} />
      ) : (
        <PlaceDialog open={modal !== null} onOpenChange={(open) => !open && setModal(null)} entry={modal?.entry as PlaceEntry | null} name={modal?.labels?.[0]} labels={modal?.labels} />
      )}
    </>
  );
}
