import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataChanged } from '../api/dataChanged.ts';
import { canKeepTakes, takeAudio, waitingTakes } from '../microphone/unsavedTakes.ts';
import type { OutboxNews, WaitingTake } from '../outbox/sendWaitingTakes.ts';
import { OUTBOX_CHANNEL } from '../outbox/uploadWaiting.ts';

export type ListedWaitingTake = WaitingTake & { sizeBytes: number };

const WAITING_KEY = ['device', 'waiting-takes'] as const;

/**
 * This user's takes waiting to upload, with their sizes, read again whenever the uploader
 * (in this page, another tab or the service worker) sends or refuses one; and how far each
 * one being sent has gone (0 to 1).
 */
export function useWaitingTakes(ownerId: string | undefined) {
  const queryClient = useQueryClient();
  const dataChanged = useDataChanged();
  const [sent, setSent] = useState<Record<string, number>>({});
  const takes = useQuery({
    queryKey: [...WAITING_KEY, ownerId ?? ''],
    queryFn: async (): Promise<ListedWaitingTake[]> =>
      Promise.all((await waitingTakes(ownerId)).map(async (take) => ({ ...take, sizeBytes: (await takeAudio(take)).size }))),
    enabled: ownerId !== undefined && canKeepTakes(),
    staleTime: 0,
    // Read from this device: offline too (a query otherwise waits for the network).
    networkMode: 'always',
  });
  const reread = () => void queryClient.invalidateQueries({ queryKey: WAITING_KEY });

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (event: MessageEvent<OutboxNews>) => {
      const news = event.data;
      if (news.type === 'sending') return setSent((current) => ({ ...current, [news.takeId]: news.sentBytes / news.sizeBytes }));
      void queryClient.invalidateQueries({ queryKey: WAITING_KEY });
      if (news.type === 'sent') dataChanged();
    };
    return () => channel.close();
  }, [queryClient, dataChanged]);

  return { takes: takes.data ?? [], sent, reread };
}

/** Whether the browser says it is online, kept current by its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
