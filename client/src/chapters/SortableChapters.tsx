import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef } from 'react';
import clsx from 'clsx';
import { ChevronRight, GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Chapter } from '../api/chapters.ts';
import { focusRing } from '../ui/Button.tsx';
import { chapterPath } from './chapterPaths.ts';

interface SortableChaptersProps {
  chapters: Chapter[];
  /** The chapters in their new order, after a drag or a keyboard move. */
  onReorder: (ordered: Chapter[]) => void;
  disabled?: boolean;
}

/**
 * The chapters in their order; each moves by its handle: dragged with a finger or mouse, or
 * with the keyboard (Space picks it up, arrows move it, Space drops, Escape cancels), with
 * every step read out.
 */
export function SortableChapters({ chapters, onReorder, disabled }: SortableChaptersProps) {
  const { t } = useTranslation('chapters');
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = chapters.map((chapter) => chapter.id);
  const titleOf = (id: UniqueIdentifier) => chapters.find((chapter) => chapter.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const total = chapters.length;

  // The place last read out: "over" is first the chapter itself, which must not talk over "Picked up".
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('reorder.pickedUp', { title: titleOf(active.id), position: positionOf(active.id), total });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('reorder.movedTo', { title: titleOf(active.id), position: positionOf(over.id), total });
    },
    onDragEnd: ({ active, over }) =>
      t('reorder.dropped', { title: titleOf(active.id), position: positionOf(over?.id ?? active.id), total }),
    onDragCancel: ({ active }) => t('reorder.cancelled', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(chapters, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol aria-label={t('listLabel')} className="grid gap-3">
          {chapters.map((chapter) => (
            <SortableChapterRow key={chapter.id} chapter={chapter} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableChapterRow({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('chapters');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: chapter.id,
    attributes: { roleDescription: t('reorder.roleDescription') },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx(
        'relative flex items-center rounded-xl border bg-stone-900',
        isDragging ? 'z-10 border-amber-300/70 shadow-xl shadow-black/40' : 'border-stone-800',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('reorder.handle', { title: chapter.title })}
        className={clsx('ml-1 cursor-grab touch-none rounded-lg p-2.5 text-stone-400 hover:bg-stone-800 hover:text-stone-100', focusRing)}
      >
        <GripVertical aria-hidden className="size-5" />
      </button>
      <Link
        to={chapterPath(chapter.id)}
        className={clsx('flex min-w-0 flex-1 items-center gap-2 rounded-xl py-3 pr-3 pl-1 hover:bg-stone-800/60', focusRing)}
      >
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="truncate text-base font-medium text-stone-50">{chapter.title}</span>
          <span className="text-sm text-stone-400">
            {t('row.stories', { count: chapter.storyCount })}
            {chapter.storyCount > 0 && <> · {t('row.readingTime', { count: chapter.readingMinutes })}</>}
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-stone-500" />
      </Link>
    </li>
  );
}
