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
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef } from 'react';
import clsx from 'clsx';
import { GripVertical, Mic, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Photo } from '../api/photos.ts';
import { focusRing } from '../ui/Button.tsx';
import type { PhotoRole } from './photoChoice.ts';
import { aboutPhotoLink } from './photoLinks.ts';
import { photoName } from './photoName.ts';

interface SortablePhotosProps {
  photos: readonly Photo[];
  /** The cover or portrait among them, and which of the two it is. */
  chosen: { role: PhotoRole; id: number | null } | null;
  onOpen: (photo: Photo) => void;
  /** A photo moved to a new place (0-based), by a drag or the keyboard. */
  onMove: (photo: Photo, position: number) => void;
  disabled?: boolean;
}

/**
 * The photos as a grid of thumbnails in their order. Each opens full size; each moves by its
 * handle, dragged with a finger or mouse or with the keyboard (Space picks it up, arrows move
 * it, Space drops, Escape cancels), every step read out; each has "Tell me about this picture".
 */
export function SortablePhotos({ photos, chosen, onOpen, onMove, disabled }: SortablePhotosProps) {
  const { t } = useTranslation('photos');
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = photos.map((photo) => photo.id);
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const total = photos.length;

  // The place last read out: "over" is first the photo itself, which must not talk over "Picked up".
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('reorder.pickedUp', { position: positionOf(active.id), total });
    },
    onDragOver: ({ over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('reorder.movedTo', { position: positionOf(over.id), total });
    },
    onDragEnd: ({ active, over }) => t('reorder.dropped', { position: positionOf(over?.id ?? active.id), total }),
    onDragCancel: ({ active }) => t('reorder.cancelled', { position: positionOf(active.id) }),
  };

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const photo = photos.find((candidate) => candidate.id === Number(active.id));
    if (photo) onMove(photo, ids.indexOf(Number(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled || photos.length < 2}>
        <ol aria-label={t('listLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              position={index + 1}
              total={total}
              chosenRole={chosen && chosen.id === photo.id ? chosen.role : null}
              movable={photos.length > 1 && !disabled}
              onOpen={() => onOpen(photo)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface PhotoTileProps {
  photo: Photo;
  position: number;
  total: number;
  chosenRole: PhotoRole | null;
  movable: boolean;
  onOpen: () => void;
}

function PhotoTile({ photo, position, total, chosenRole, movable, onOpen }: PhotoTileProps) {
  const { t } = useTranslation('photos');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
    attributes: { roleDescription: t('reorder.roleDescription') },
  });
  const name = photoName(t, photo, position, total);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={clsx('grid content-start gap-1', isDragging && 'relative z-10')}
    >
      <div className="relative">
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('open', { name })}
          className={clsx(
            'relative block aspect-square w-full overflow-hidden rounded-lg border bg-stone-800',
            isDragging ? 'border-amber-300 shadow-xl shadow-black/50' : 'border-stone-800',
            focusRing,
          )}
        >
          {/* A fixed square whatever the photo's shape, so the grid does not jump while thumbnails arrive. */}
          <img src={photo.urls.thumb} alt="" loading="lazy" decoding="async" width={photo.width} height={photo.height} className="size-full object-cover" />
        </button>
        {chosenRole && (
          <span className="pointer-events-none absolute top-1 left-1 inline-flex items-center gap-1 rounded-full bg-stone-950/85 px-2 py-0.5 text-xs font-medium text-amber-200">
            <Star aria-hidden className="size-3 fill-current" />
            {t(`chosen.${chosenRole}`)}
          </span>
        )}
        {movable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('reorder.handle', { name })}
            className={clsx(
              'absolute top-1 right-1 flex size-9 cursor-grab touch-none items-center justify-center rounded-full bg-stone-950/80 text-stone-200 hover:text-amber-200',
              focusRing,
            )}
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        )}
        <Link
          to={aboutPhotoLink(photo.id)}
          aria-label={t('tellAboutNamed', { name })}
          title={t('tellAbout')}
          className={clsx(
            'absolute right-1 bottom-1 flex size-9 items-center justify-center rounded-full bg-stone-950/80 text-amber-200 hover:text-amber-100',
            focusRing,
          )}
        >
          <Mic aria-hidden className="size-4" />
        </Link>
      </div>
      {photo.caption && <p className="truncate px-0.5 text-xs text-stone-300">{photo.caption}</p>}
      {/* A relative's photo, added through the story's sharing link, under the name they gave. */}
      {photo.contributorName && <p className="truncate px-0.5 text-xs text-amber-200/80">{t('addedBy', { name: photo.contributorName })}</p>}
    </li>
  );
}
