import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PHOTO_UPLOAD_FIELDS,
  photoListSchema,
  photoViewSchema,
  type PhotoHome,
  type PhotoPatch,
  type PhotoView,
} from '../../../contract/photos.ts';
import { useDataChanged } from './dataChanged.ts';
import { ApiRequestError, apiRequest, formatErrorMessage, getJson, parseErrorBody } from './request.ts';

export type Photo = PhotoView;

/** The thing a photo strip belongs to: a story, a recording, a person or a place. */
export interface PhotoHomeRef {
  kind: PhotoHome;
  id: number;
}

const HOME_PATHS: Record<PhotoHome, string> = {
  story: '/api/stories',
  recording: '/api/recordings',
  person: '/api/people',
  place: '/api/places',
};

/** `GET`/`POST /api/{stories|recordings|people|places}/{id}/photos`. */
export const homePhotosPath = (home: PhotoHomeRef) => `${HOME_PATHS[home.kind]}/${home.id}/photos`;

/** Under the home's own key, so a "data changed" (which reads every story, person... again) reads it again too. */
export const photosKey = (home: PhotoHomeRef) => [HOME_PATHS[home.kind], home.id, 'photos'] as const;

const byPosition = (photos: Photo[]) => [...photos].sort((a, b) => a.position - b.position || a.id - b.id);

/** The home's photos in their order. */
export function usePhotos(home: PhotoHomeRef) {
  return useQuery({
    queryKey: photosKey(home),
    queryFn: async () => byPosition(photoListSchema.parse(await getJson<unknown>(homePhotosPath(home))).photos),
  });
}

/** What an upload answers: the photos it made (one, as the client sends one file at a time). */
const uploadAnswerSchema = z.union([photoListSchema, photoViewSchema.transform((photo) => ({ photos: [photo] }))]);

/**
 * Sends one photo to its home as multipart, reporting the share of bytes sent (0 to 1).
 * XMLHttpRequest, not fetch: only it reports an upload's progress. Errors are the same
 * ApiRequestError every other call throws (the server's code chooses the text).
 */
export function uploadPhoto(home: PhotoHomeRef, file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<Photo[]> {
  const form = new FormData();
  form.append(PHOTO_UPLOAD_FIELDS.file, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', homePhotosPath(home));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiRequestError(request.status, formatErrorMessage(request.status, request.statusText, body), parseErrorBody(body)));
        return;
      }
      try {
        resolve(uploadAnswerSchema.parse(JSON.parse(body)).photos);
      } catch (error) {
        reject(error);
      }
    };
    // No answer at all (offline, the connection dropped): the network text, as with fetch.
    request.onerror = () => reject(new TypeError('The photo could not be sent'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** New photos stored: the strip shows them at once, then it and every list showing a cover or a portrait read again. */
export function usePhotosAdded(home: PhotoHomeRef) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return (added: readonly Photo[]) => {
    queryClient.setQueryData<Photo[]>(photosKey(home), (photos) =>
      photos ? byPosition([...photos.filter((photo) => !added.some((one) => one.id === photo.id)), ...added]) : photos,
    );
    changed();
  };
}

/** PATCH /api/photos/{id}: a caption, or the photo's new place in its home (the strip shows the new order at once). */
export function useUpdatePhoto(home: PhotoHomeRef) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: PhotoPatch }) => apiRequest<unknown>('PATCH', `/api/photos/${id}`, patch),
    onMutate: async ({ id, patch }) => {
      if (patch.position === undefined) return undefined;
      await queryClient.cancelQueries({ queryKey: photosKey(home) });
      const before = queryClient.getQueryData<Photo[]>(photosKey(home));
      if (before) queryClient.setQueryData(photosKey(home), movePhoto(before, id, patch.position));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(photosKey(home), context.before);
    },
    onSettled: changed,
  });
}

/** The photos with one moved to a new place (0-based), positions renumbered: what the server will answer. */
export function movePhoto(photos: readonly Photo[], id: number, position: number): Photo[] {
  const from = photos.findIndex((photo) => photo.id === id);
  if (from < 0) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(position, next.length)), 0, moved);
  return next.map((photo, index) => ({ ...photo, position: index }));
}

/** DELETE /api/photos/{id}: every size goes; the strip and the lists read again. */
export function useDeletePhoto(home: PhotoHomeRef) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>('DELETE', `/api/photos/${id}`),
    onSuccess: (_body, id) => {
      queryClient.setQueryData<Photo[]>(photosKey(home), (photos) => photos?.filter((photo) => photo.id !== id));
      changed();
    },
  });
}

/**
 * Chooses the story's cover (PATCH /api/stories/{id} coverPhotoId) or the person's portrait
 * (PATCH /api/people/{id} portraitPhotoId); null goes back to the default.
 */
export function useChoosePhoto(home: PhotoHomeRef) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (photoId: number | null) =>
      home.kind === 'story'
        ? apiRequest<unknown>('PATCH', `/api/stories/${home.id}`, { coverPhotoId: photoId })
        : apiRequest<unknown>('PATCH', `/api/people/${home.id}`, { portraitPhotoId: photoId }),
    onSuccess: changed,
  });
}
