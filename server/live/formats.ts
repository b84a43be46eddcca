import { LIVE_FORMATS, type LiveFormat } from '../../contract/live.ts';

/** The one ffmpeg demuxer allowed to read each container: ffmpeg never guesses from the bytes. */
export const LIVE_DEMUXERS: Record<LiveFormat, readonly string[]> = {
  webm: ['-f', 'matroska'],
  ogg: ['-f', 'ogg'],
  // mov would follow "data references" to other files; they stay off.
  mp4: ['-f', 'mov', '-enable_drefs', '0'],
};

/** A declared format, a MIME type ("audio/webm;codecs=opus") or a container name ("webm"), as a live container. */
export function liveFormat(declared: string): LiveFormat | undefined {
  const name = declared.trim().toLowerCase().split(';')[0].trim().replace(/^(audio|video)\//, '');
  if (name === 'x-m4a' || name === 'm4a') return 'mp4';
  return (LIVE_FORMATS as readonly string[]).includes(name) ? (name as LiveFormat) : undefined;
}
