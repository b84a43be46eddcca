import { ChevronRight, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRecordingsWithoutStory } from '../api/recordings.ts';
import { focusRing } from '../ui/Button.tsx';

/** The library's way to the recordings in no story, with how many there are; nothing when there are none. */
export function RecordingsWithoutStoryLink() {
  const { t } = useTranslation('recordings');
  const recordings = useRecordingsWithoutStory();
  const count = recordings.data?.pages[0]?.items.length ?? 0;
  if (count === 0) return null;
  // The first page is read (shared with the list screen); beyond it the count says "50+".
  const more = recordings.data?.pages[0]?.next != null;
  return (
    <Link
      to="/library/recordings"
      className={`mb-5 flex min-h-12 items-center gap-3 rounded-xl border border-amber-300/30 bg-amber-300/5 px-4 py-3 text-stone-100 hover:bg-amber-300/10 ${focusRing}`}
    >
      <Mic aria-hidden className="size-5 shrink-0 text-amber-300" />
      <span className="flex-1">{t(more ? 'withoutStory.linkMore' : 'withoutStory.link', { count })}</span>
      <ChevronRight aria-hidden className="size-5 text-stone-400" />
    </Link>
  );
}
