import { z } from 'zod';

/**
 * Photos on stories, recordings, people and places (issue 27). A photo lives in one place
 * (its "home": a story, a recording, a person, a place, or none yet, when uploaded for
 * "Tell me about this picture"); a story's cover and a person's portrait point at a photo.
 */

/** Where a photo can be added, as the upload paths name them. */
export const PHOTO_HOMES = ['story', 'recording', 'person', 'place'] as const;
export type PhotoHome = (typeof PHOTO_HOMES)[number];

/** The copies kept of each photo: a thumbnail for lists, a display size for pages and books, and the original as uploaded. */
export const PHOTO_SIZES = ['thumb', 'display', 'original'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The longest edge, in pixels, of each derived copy (JPEG, EXIF orientation applied, no metadata at all). */
export const PHOTO_THUMB_EDGE = 400;
export const PHOTO_DISPLAY_EDGE = 2048;

/** What the upload accepts, sniffed from the bytes (the declared type and name are not trusted). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** The file picker's accept list: the types above, and the HEIF name iPhones also use. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** One file at most this big (a 48 MP iPhone ProRAW JPEG is about 25 MB). */
export const PHOTO_MAX_BYTES = 30 * 1024 * 1024;
/** Files in one upload request. */
export const PHOTO_MAX_FILES_PER_UPLOAD = 20;
/** Decoded size bounds, read from the header before any pixel is decoded (a decompression bomb is refused). */
export const PHOTO_MAX_EDGE = 12_000;
export const PHOTO_MAX_PIXELS = 60_000_000;
/** Caption length, in characters. */
export const PHOTO_CAPTION_MAX = 500;

/** The multipart field names of `POST /api/{stories|recordings|people|places}/{id}/photos` and `POST /api/photos`. */
export const PHOTO_UPLOAD_FIELDS = {
  /** One or more image files. */
  file: 'photo',
  /** Optional caption, given to every file of this upload. */
  caption: 'caption',
  /** Co-author uploads: the contributor's name, as with their recordings. */
  contributorName: 'contributorName',
} as const;

/** A photo as the owner's screens show it. Urls are relative; `original` only ever for the owner. */
export const photoViewSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  /** Order within its home, 0 first. */
  position: z.number().int(),
  /** Of the photo as shown (EXIF orientation applied). */
  width: z.number().int(),
  height: z.number().int(),
  /** The date taken, from EXIF (YYYY-MM-DD), when the camera wrote one: offered as a time period, never applied silently. */
  takenOn: z.string().nullable(),
  /** The original carries a GPS position: kept in the owner's archive only, never in a served copy. */
  hasLocation: z.boolean(),
  storyId: z.number().int().nullable(),
  recordingId: z.number().int().nullable(),
  personId: z.number().int().nullable(),
  placeId: z.number().int().nullable(),
  /** A relative's photo, added through a co-author link. */
  contributorName: z.string().nullable(),
  urls: z.object({ thumb: z.string(), display: z.string(), original: z.string().optional() }),
  createdAt: z.string(),
});
export type PhotoView = z.infer<typeof photoViewSchema>;

export const photoListSchema = z.object({ photos: z.array(photoViewSchema) });
export type PhotoList = z.infer<typeof photoListSchema>;

/** `PATCH /api/photos/{id}`: caption, and the photo's new place (0-based) among its home's photos. */
export const photoPatchSchema = z
  .object({
    caption: z.string().trim().max(PHOTO_CAPTION_MAX).optional(),
    position: z.number().int().min(0).optional(),
  })
  .refine((body) => body.caption !== undefined || body.position !== undefined, { message: 'Nothing to change' });
export type PhotoPatch = z.infer<typeof photoPatchSchema>;

/** Where each caller reads a photo's copy. Only the owner's calls ever give `original`. */
export const photoUrl = (photoId: number, size: PhotoSize) => `/api/photos/${photoId}?size=${size}`;
export const publishedPhotoUrl = (slug: string, photoId: number, size: Exclude<PhotoSize, 'original'>) =>
  `/api/published/${encodeURIComponent(slug)}/photos/${photoId}?size=${size}`;
export const coAuthorPhotoUrl = (token: string, photoId: number, size: Exclude<PhotoSize, 'original'>) =>
  `/api/co-author/${encodeURIComponent(token)}/photos/${photoId}?size=${size}`;

/**
 * A photo on a page someone other than its owner sees (the public page, the co-author page):
 * the derived copies only, no date taken, no location. Width and height as shown.
 */
export const publicPhotoSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  urls: z.object({ thumb: z.string(), display: z.string() }),
});
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;

/** The size of a derived copy of a photo shown at width x height: fitted inside the copy's edge, never enlarged (as sharp's `fit: inside`). */
export function photoCopySize(width: number, height: number, size: Exclude<PhotoSize, 'original'>): { width: number; height: number } {
  const edge = size === 'thumb' ? PHOTO_THUMB_EDGE : PHOTO_DISPLAY_EDGE;
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
