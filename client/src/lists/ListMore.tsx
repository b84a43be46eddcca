import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../ui/Button.tsx';

interface ListMoreProps {
  /** Another page follows. */
  hasMore: boolean;
  /** The next page is being read. */
  loading: boolean;
  /** The last read of a next page failed: no reading by itself until the button is pressed. */
  failed?: boolean;
  onMore: () => void;
  /** Read the next page by itself when the end of the list comes near (off in a scrolling box). */
  auto?: boolean;
}

/** How far below the screen the end of a list starts the next page's read. */
const AHEAD = '800px';

/**
 * The end of a paged list: near the screen, the next page is read by itself (infinite
 * scroll); the "Show more" button does the same for keyboards and screen readers.
 */
export function ListMore({ hasMore, loading, failed = false, onMore, auto = true }: ListMoreProps) {
  const { t } = useTranslation('lists');
  const end = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;

  useEffect(() => {
    const element = end.current;
    if (!auto || !hasMore || loading || failed || !element || typeof IntersectionObserver === 'undefined') return;
    // A new observer after every read: if the end is still near (a short page), it reads on.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more.current(), {
      rootMargin: `0px 0px ${AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, hasMore, loading, failed]);

  if (!hasMore) return null;
  return (
    <div ref={end} className="mt-4 grid gap-2">
      {failed && (
        <p role="alert" className="text-sm text-red-200">
          {t('moreFailed')}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
      <button
        type="button"
        onClick={() => !loading && onMore()}
        aria-disabled={loading}
        className={buttonClasses('secondary', 'w-full aria-disabled:cursor-wait aria-disabled:opacity-60')}
      >
        {loading ? t('loadingMore') : t('showMore')}
      </button>
    </div>
  );
}
