import { HttpError } from '../http/errors.ts';

/** Why an upload is refused, in the words the client shows (spec 8.2 and 8.3) and codes it translates. */
export const uploadRefusal = {
  /** Over the size or length limit: the catalogue's "too large". */
  tooLarge: () => new HttpError(413, 'too_large', 'Audio file is too large. Please record a shorter message.'),
  /** Not audio we can decode, or audio that tries to make ffmpeg read anything but itself. */
  unprocessable: () => new HttpError(400, 'unprocessable_audio', 'Unable to process the audio.'),
  tooShort: () => new HttpError(400, 'too_short', 'Recording must be at least 1 second long.'),
  /** A multipart body without a boundary, with the wrong one, or cut off. */
  malformed: () => new HttpError(400, 'malformed_upload', 'The upload was incomplete or malformed. Please try again.'),
  /** The audio disk (or the temporary one) has no room: nothing was kept, the user can try again later. */
  storageFull: () => new HttpError(507, 'storage_full', 'There is no room to store the recording right now. Please try again later.'),
  /** The account's recordings this hour (UPLOADS_PER_HOUR): the take stays with the person, to send later. */
  uploadLimit: () => new HttpError(429, 'upload_limit', 'You have sent as many recordings as one hour allows. Please send this one again later.'),
  /** The account's stored audio is at its cap (ACCOUNT_AUDIO_MB). */
  storageLimit: () => new HttpError(413, 'storage_limit', 'Your account has no room for more recordings.'),
  /** A co-author link's recordings this hour (LINK_UPLOADS_PER_HOUR), or the owner's. */
  contributionLimit: () =>
    new HttpError(429, 'contribution_limit', 'This link has received as many recordings as one hour allows. Please try again later.'),
  /** A family reader's voice replies this hour (LINK_UPLOADS_PER_HOUR, as a link's), or their storyteller's. */
  replyLimit: () => new HttpError(429, 'reply_limit', 'You have sent as many voice replies as one hour allows. Please try again later.'),
  /** The link's stored audio (LINK_AUDIO_MB), or the owner's, is at its cap. */
  contributionStorageLimit: () => new HttpError(413, 'contribution_storage_limit', 'This story has no room for more recordings.'),
};
