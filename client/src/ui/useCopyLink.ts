import { useCallback, useState } from 'react';
import { copyText } from './copyText.ts';
import { toast } from './toastStore.ts';

/**
 * Copies a link (the clipboard, else a hidden text area) and says so; when the browser
 * refuses both, it says that and `fallback` turns on, so the caller shows the link in a
 * selected text area to copy by hand (spec 8.5).
 */
export function useCopyLink(messages: { copied: string; failed: string }) {
  const [fallback, setFallback] = useState(false);
  const copy = useCallback(
    async (url: string) => {
      const copied = await copyText(url);
      setFallback(!copied);
      if (copied) toast({ title: messages.copied });
      else toast({ title: messages.failed, variant: 'destructive' });
    },
    [messages.copied, messages.failed],
  );
  return { copy, fallback };
}
