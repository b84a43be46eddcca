import { fileTypeFromBuffer } from 'file-type';

/** Audio containers browsers record, and what we store them as. */
const AUDIO_TYPES: Record<string, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

export interface AudioType {
  mimeType: string;
  extension: string;
}

/** The audio type read from the bytes themselves (never the name or the client's word), or null. */
export async function sniffAudioType(bytes: Buffer): Promise<AudioType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const mimeType = AUDIO_TYPES[detected.ext];
  return mimeType ? { mimeType, extension: detected.ext === 'm4a' ? 'mp4' : detected.ext } : null;
}
