import { PREFERRED_FORMATS } from '../../../contract/recording-limits.ts';

export type RecordingFormat = (typeof PREFERRED_FORMATS)[number];

/** The first of the preferred formats the browser can record, or null to use its default. */
export function chooseRecordingFormat(isTypeSupported: (mimeType: string) => boolean): RecordingFormat | null {
  return PREFERRED_FORMATS.find((format) => isTypeSupported(format.mimeType)) ?? null;
}
