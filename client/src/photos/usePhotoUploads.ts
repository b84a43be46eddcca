import { useEffect, useRef, useState } from 'react';
import { uploadPhoto, usePhotosAdded, type PhotoHomeRef } from '../api/photos.ts';
import { addPicked, dismissed, failedWith, finished, nextToSend, progressed, retried, type UploadItem } from './uploadQueue.ts';

/**
 * The files picked for a home, sent one at a time with their progress; each stored photo
 * leaves the queue and the strip reads again, each refused one stays with its reason until
 * the person dismisses it or tries again. Leaving the page stops the one being sent.
 */
export function usePhotoUploads(home: PhotoHomeRef) {
  const [items, setItems] = useState<UploadItem<File>[]>([]);
  const nextKey = useRef(1);
  const added = usePhotosAdded(home);
  const abort = useRef<AbortController | null>(null);
  const started = useRef(new Set<number>());
  const next = nextToSend(items);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (!next || started.current.has(next.key)) return;
    started.current.add(next.key);
    const controller = new AbortController();
    abort.current = controller;
    setItems((current) => progressed(current, next.key, 0));
    uploadPhoto(home, next.file, (sent) => setItems((current) => progressed(current, next.key, sent)), controller.signal).then(
      (photos) => {
        setItems((current) => finished(current, next.key));
        added(photos);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setItems((current) => failedWith(current, next.key, error));
      },
    );
    // One send per item: started when it became the next, never again for the same one.
  }, [next?.key]);

  return {
    items,
    add: (files: readonly File[]) => {
      setItems((current) => addPicked(current, files, nextKey.current));
      nextKey.current += files.length;
    },
    retry: (key: number) => {
      started.current.delete(key);
      setItems((current) => retried(current, key));
    },
    dismiss: (key: number) => setItems((current) => dismissed(current, key)),
  };
}
