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
};
