import { useCallback, useState } from 'react';
import { toast } from '../ui/toastStore.ts';

/**
 * Copies a link with the clipboard API; when the browser refuses (no permission, an
 * insecure page, an old browser) it says so and `fallback` turns on, so the caller shows
 * the link in a selected text area to copy by hand (spec 8.5).
 */
export function useCopyLink(messages: { copied: string; failed: string }) {
  const [fallback, setFallback] = useState(false);
  const copy = useCallback(
    async (url: string) => {
      try {
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(url);
        setFallback(false);
        toast({ title: messages.copied });
      } catch {
        setFallback(true);
        toast({ title: messages.failed, variant: 'destructive' });
      }
    },
    [messages.copied, messages.failed],
  );
  return { copy, fallback };
}
