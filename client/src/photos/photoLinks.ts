/** "Tell me about this picture": the recorder with this photo on screen (the recorder side reads `aboutPhoto`). */
export const aboutPhotoLink = (photoId: number) => `/record?aboutPhoto=${photoId}`;

/** The search parameter of the full-size view: Back closes it, a reload opens it again. */
export const OPEN_PHOTO_PARAM = 'photo';
