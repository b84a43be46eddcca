import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { ChevronDown, ChevronUp, GripVertical, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { RecordingCard } from '../recordings/RecordingCard.tsx';
import { RecordingFailureActions } from '../recordings/TranscriptionFailure.tsx';
import { isRecordingPending, toRecordingSummary } from '../recordings/recordingCard.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import { moveItem } from './reorder.ts';
import { usePendingRecordings, useReorderRecordings, useStoryWithRecordings } from '../api/stories.ts';
import { useLongPressDrag } from './useLongPressDrag.ts';

/**
 * The story's recordings (spec 2): cards in order, dragged to a new place after a long
 * press on the handle or moved with the up and down buttons (and arrow keys on the
 * handle); "Add recording" opens the recorder for this story. While a recording is being
 * transcribed, the pending count is re-read every 5 s and the list refreshes when it drops.
 */
export function StoryRecordings({ storyId }: { storyId: number }) {
  const { t } = useTranslation('storyDetail');
  const withRecordings = useStoryWithRecordings(storyId);
  const recordings = withRecordings.data?.recordings ?? [];
  const reorder = useReorderRecordings(storyId);
  const [savingOrder, setSavingOrder] = useState<number[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const items = useRef(new Map<number, HTMLLIElement>());
  const headingId = useId();
  const instructionsId = useId();

  const byId = new Map(recordings.map((recording) => [recording.id, recording]));
  const baseIds = (savingOrder ?? recordings.map((recording) => recording.id)).filter((id) => byId.has(id));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= baseIds.length || from === to) return;
    const next = moveItem(baseIds, from, to);
    setSavingOrder(next);
    setAnnouncement(t('recordingsList.moved', { position: to + 1, count: next.length }));
    reorder.mutate(next, {
      onSettled: () => setSavingOrder(null),
      onError: () => toast({ title: t('recordingsList.reorderFailed'), variant: 'destructive' }),
    });
  };

  const { drag, handleProps } = useLongPressDrag(
    () =>
      baseIds.map((id) => {
        const rect = items.current.get(id)?.getBoundingClientRect();
        return rect ? rect.top + rect.height / 2 : 0;
      }),
    move,
  );
  const shownIds = drag ? moveItem(baseIds, drag.from, drag.target) : baseIds;
  const draggedId = drag ? baseIds[drag.from] : null;

  usePendingRefresh(storyId, recordings);

  const onHandleKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-stone-50">
          {t('recordingsList.title', { count: recordings.length })}
        </h2>
        <Link to={recordingLink({ storyId })} className={buttonClasses('secondary')}>
          <Mic aria-hidden className="size-4" />
          {t('recordingsList.add')}
        </Link>
      </div>
      <p id={instructionsId} className="sr-only">
        {t('recordingsList.instructions')}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {withRecordings.isPending ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-xl bg-stone-900" />
      ) : withRecordings.isError ? (
        <p className="text-sm text-red-200">{t('recordingsList.loadFailed')}</p>
      ) : recordings.length === 0 ? (
        <p className="rounded-xl border border-stone-800 p-4 text-sm text-stone-400">{t('recordingsList.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {/* The items stay in the saved order in the page (a moved node would lose the pointer); a drag shows its preview with CSS order. */}
          {baseIds.map((id, index) => {
            const recording = byId.get(id)!;
            const position = shownIds.indexOf(id) + 1;
            const movable = baseIds.length > 1;
            return (
              <li
                key={id}
                style={{ order: position }}
                ref={(element) => {
                  if (element) items.current.set(id, element);
                  else items.current.delete(id);
                }}
                className={clsx(
                  'flex items-stretch rounded-xl border bg-stone-900 transition-shadow',
                  draggedId === id ? 'z-10 scale-[1.02] border-amber-300 shadow-2xl shadow-black/60' : 'border-stone-800',
                )}
              >
                {movable && (
                  <button
                    type="button"
                    {...handleProps(index)}
                    onKeyDown={onHandleKey(index)}
                    aria-label={t('recordingsList.dragHandle', { position })}
                    aria-describedby={instructionsId}
                    aria-pressed={draggedId === id}
                    title={t('recordingsList.dragHint')}
                    className={clsx(
                      'flex w-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-l-xl text-stone-500 select-none hover:text-stone-200 active:cursor-grabbing',
                      focusRing,
                    )}
                  >
                    <GripVertical aria-hidden className="size-5" />
                  </button>
                )}
                <div className="min-w-0 flex-1">
                  <RecordingCard
                    recording={toRecordingSummary(recording)}
                    to={`/library/${storyId}/recordings/${id}`}
                    className={movable ? 'pl-1' : undefined}
                  />
                  <RecordingFailureActions recording={recording} className={clsx('pr-2 pb-3', movable ? 'pl-1' : 'pl-4')} />
                </div>
                {movable && (
                  <div className="flex shrink-0 flex-col justify-center gap-1 pr-1">
                    <MoveButton
                      label={t('recordingsList.moveUp', { position })}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, index - 1)}
                      direction="up"
                    />
                    <MoveButton
                      label={t('recordingsList.moveDown', { position })}
                      disabled={index === baseIds.length - 1 || reorder.isPending}
                      onClick={() => move(index, index + 1)}
                      direction="down"
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function MoveButton(props: { label: string; disabled: boolean; onClick: () => void; direction: 'up' | 'down' }) {
  const Icon = props.direction === 'up' ? ChevronUp : ChevronDown;
  return (
    <button
      type="button"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className={clsx('rounded-md p-1 text-stone-400 hover:bg-stone-800 hover:text-stone-100 disabled:opacity-30', focusRing)}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}

/**
 * Spec 7.12: while any recording is uploaded or transcribing, ask for the pending count
 * every 5 s; when it no longer matches the list, the stories and recordings changed.
 */
function usePendingRefresh(storyId: number, recordings: readonly RecordingWithLinksDto[]) {
  const pendingHere = recordings.filter(isRecordingPending).length;
  const pending = usePendingRecordings(storyId, pendingHere > 0);
  const recordingsChanged = useDataChanged();
  const pendingCount = pending.data?.pendingCount;
  useEffect(() => {
    if (pendingCount !== undefined && pendingCount < pendingHere) recordingsChanged();
    // Only a new answer from the server is news; the list catching up is not.
  }, [pendingCount]);
}
