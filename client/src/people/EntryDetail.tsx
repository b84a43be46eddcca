import { useState, type ReactNode } from 'react';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../api/currentUser.ts';
import {
  useDeleteEntry,
  useSaveEntry,
  type EntryKind,
  type PersonBody,
  type PersonDetail,
  type PlaceBody,
  type PlaceDetail,
} from '../api/people.ts';
import { DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { canSave } from './entryForms.ts';
import { EnrichedInfo } from './EnrichedInfo.tsx';
import { EntryRecordings } from './EntryRecordings.tsx';
import { EntryStories } from './EntryStories.tsx';
import { useEntryToasts } from './useEntryToasts.ts';
import { EntryAvatar } from './EntryAvatar.tsx';
import { PhotoSection } from '../photos/PhotoSection.tsx';

type DetailRecord = PersonDetail | PlaceDetail;

interface EntryDetailProps<Values> {
  kind: EntryKind;
  query: { data?: DetailRecord; isPending: boolean; isError: boolean };
  /** The list this record is in: where back and delete lead. */
  listPath: string;
  toValues: (record: DetailRecord) => Values;
  name: (values: Values) => string;
  body: (values: Values) => PersonBody | PlaceBody;
  fields: (values: Values, change: (patch: Partial<Values>) => void) => ReactNode;
  /** The record as read: the card's lines under the name. */
  view: (record: DetailRecord) => { title: ReactNode; lines: ReactNode };
}

/**
 * Person or place detail (spec 2, 4): spinner, not found with Back, header with back,
 * Edit / Save / Cancel (PUT), Delete in edit mode with its confirmation, the card with
 * linked names and enriched information, the stories that mention it, the recordings card. A change
 * is never dropped unasked: Cancel and leaving the page ask (Save, Discard, Stay), a reload offers it back.
 */
export function EntryDetail<Values>({ kind, query, listPath, toValues, name, body, fields, view }: EntryDetailProps<Values>) {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const record = query.data;
  const save = useSaveEntry(kind);
  const remove = useDeleteEntry(kind);
  const toasts = useEntryToasts(kind);
  const [editing, setEditing] = useState<Values | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const sameAsStored = (values: Values) => record !== undefined && JSON.stringify(values) === JSON.stringify(toValues(record));
  const dirty = editing !== null && !sameAsStored(editing);

  /** Saves the edit; false when it was not saved (the toast says why). */
  const send = () =>
    new Promise<boolean>((resolve) => {
      if (!record || !editing || !canSave(name(editing), save.isPending)) return resolve(false);
      save.mutate(
        { call: { method: 'PUT', id: record.id }, body: body(editing) },
        {
          onSuccess: () => {
            toasts.succeeded('updated');
            setEditing(null);
            resolve(true);
          },
          onError: (error) => {
            toasts.failed('updated', error);
            resolve(false);
          },
        },
      );
    });
  const owner = useCurrentUser().data?.id ?? null;
  const { guard, offer } = useGuardedEditor({
    ownerId: owner,
    draftKey: `${kind}:${record?.id ?? 'loading'}:detail`,
    value: editing,
    dirty,
    save: send,
    discard: () => setEditing(null),
    restore: setEditing,
    isStored: sameAsStored,
  });
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save') await send();
    else if (choice === 'discard') setEditing(null);
    setAsking(false);
  };

  if (query.isPending) {
    return (
      <>
        <PageHeader title={<span className="sr-only">{t('detail.loading')}</span>} backTo={listPath} />
        <div role="status" className="flex justify-center py-16">
          <Loader2 aria-hidden className="size-8 animate-spin text-amber-300" />
          <span className="sr-only">{t('detail.loading')}</span>
        </div>
      </>
    );
  }
  if (!record) {
    return <DetailMessage text={kind === 'person' ? t('detail.personNotFound') : t('detail.placeNotFound')} backTo={listPath} backLabel={t('detail.back')} />;
  }

  const saveEdit = () => void send();
  const confirmDelete = () =>
    remove.mutate(record.id, {
      onSuccess: () => {
        toasts.succeeded('deleted');
        setConfirming(false);
        navigate(listPath, { replace: true });
      },
      onError: (error) => toasts.failed('deleted', error),
    });

  const shown = view(record);
  const person = 'portraitPhotoId' in record ? record : null;
  const { linkedLabels } = record;
  return (
    <>
      <header className="mb-6 flex min-h-11 items-center justify-between gap-2">
        <Link to={listPath} className={`-ml-2 inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-stone-200 hover:bg-stone-800 ${focusRing}`}>
          <ArrowLeft aria-hidden className="size-5" />
          {t('title')}
        </Link>
        {editing ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => (dirty ? setAsking(true) : setEditing(null))} disabled={save.isPending}>
              {t('detail.cancel')}
            </Button>
            <Button onClick={saveEdit} disabled={!canSave(name(editing), save.isPending)}>
              {t('detail.save')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setEditing(toValues(record))}>
            {t('detail.edit')}
          </Button>
        )}
      </header>
      <div className="grid gap-4">
        {guard}
        {offer}
        <EditorLeaveDialog open={asking} purpose="cancel" saving={save.isPending} onChoose={(choice) => void answer(choice)} />
        <Card>
          {editing ? (
            <form
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                saveEdit();
              }}
            >
              {fields(editing, (patch) => setEditing((current) => (current ? { ...current, ...patch } : current)))}
              <Button variant="destructive" className="justify-self-start" onClick={() => setConfirming(true)}>
                {t('detail.delete')}
              </Button>
            </form>
          ) : (
            <div className="grid gap-4">
              <div className="flex items-start gap-4">
                {person?.portraitThumbUrl && <EntryAvatar name={record.name} photoUrl={person.portraitThumbUrl} className="size-16" />}
                <div className="min-w-0">
                  <h1 className="text-2xl font-semibold text-stone-50">{shown.title}</h1>
                  {shown.lines}
                </div>
              </div>
              <div>
                <h3 className="text-xs font-medium tracking-wide text-stone-400 uppercase">{t('detail.linkedNames')}</h3>
                {linkedLabels.length > 0 ? (
                  <p className="mt-1 flex flex-wrap gap-1.5">
                    {linkedLabels.map((label) => (
                      <span key={label} className="rounded-full bg-stone-800 px-2.5 py-0.5 text-sm text-stone-100">
                        {label}
                      </span>
                    ))}
                  </p>
                ) : (
                  <p className="mt-1 text-sm text-stone-400">{t('detail.noLinkedNames')}</p>
                )}
              </div>
              <EnrichedInfo kind={kind} id={record.id} info={record.enrichedInfo} refreshing={record.refreshing} refreshError={record.refreshError} />
            </div>
          )}
        </Card>
        <PhotoSection
          home={{ kind, id: record.id }}
          choice={person ? { role: 'portrait', storedId: person.portraitPhotoId } : undefined}
        />
        <EntryStories kind={kind} id={record.id} />
        <EntryRecordings kind={kind} id={record.id} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('detail.deleteTitle', { name: record.name })}
        description={t('detail.deleteText')}
        confirmLabel={kind === 'person' ? t('detail.deletePerson') : t('detail.deletePlace')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </>
  );
}
