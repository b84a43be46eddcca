import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { focusRing } from './Button.tsx';

/** The link in a read-only text area, selected, for copying by hand when the clipboard refused. */
export function CopyFallback({ url, label }: { url: string; label: string }) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    area.current?.focus();
    area.current?.select();
  }, [url]);
  return (
    <textarea
      ref={area}
      readOnly
      rows={2}
      value={url}
      aria-label={label}
      onFocus={(event) => event.currentTarget.select()}
      className={clsx('w-full resize-none rounded-lg border border-amber-300/50 bg-stone-950 p-3 font-mono text-sm text-stone-100', focusRing)}
    />
  );
}
