import { HttpError } from '../http/errors.ts';

/** Why a transcript change is refused, in the words the client shows and a code it translates. */
export const transcriptRefusal = {
  /** Re-transcribing would replace the person's own corrections; they are asked first. */
  corrected: () =>
    new HttpError(409, 'transcript_corrected', 'This transcript was corrected by hand. Re-transcribing replaces your corrections.'),
};
