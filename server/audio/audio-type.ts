import { fileTypeFromFile } from 'file-type';

/** An audio container we accept: how it is stored, and the one ffmpeg demuxer allowed to read it. */
export interface AudioType {
  mimeType: string;
  extension: string;
  /** ffmpeg's `-f` for this container: ffmpeg never guesses, so it never opens a playlist or a list of files. */
  demuxer: string;
  /** Demuxer options that keep it inside the one file. */
  demuxerOptions: readonly string[];
}

const type = (mimeType: string, extension: string, demuxer: string, demuxerOptions: readonly string[] = []): AudioType => ({
  mimeType, extension, demuxer, demuxerOptions,
});

/** Containers browsers record, by the extension file-type reports. */
const AUDIO_TYPES: Record<string, AudioType> = {
  webm: type('audio/webm', 'webm', 'matroska'),
  ogg: type('audio/ogg', 'ogg', 'ogg'),
  opus: type('audio/ogg', 'opus', 'ogg'),
  oga: type('audio/ogg', 'oga', 'ogg'),
  // mov would follow "data references" to other files; they are off by default, and stay off.
  mp4: type('audio/mp4', 'mp4', 'mov', ['-enable_drefs', '0']),
  m4a: type('audio/mp4', 'mp4', 'mov', ['-enable_drefs', '0']),
  mp3: type('audio/mpeg', 'mp3', 'mp3'),
  wav: type('audio/wav', 'wav', 'wav'),
  flac: type('audio/flac', 'flac', 'flac'),
  aac: type('audio/aac', 'aac', 'aac'),
};

/**
 * The audio type of a file, read from its first bytes (never its name or the client's
 * word), or null when it is not audio we take.
 */
export async function sniffAudioFile(file: string): Promise<AudioType | null> {
  const detected = await fileTypeFromFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall) throw error; // the disk failed, not the file
    return undefined; // a parser tripped on hostile bytes: not audio we take
  });
  return (detected && AUDIO_TYPES[detected.ext]) ?? null;
}

/** The type stored under this MIME type (the first of its extensions), or null. */
export function audioTypeOfMime(mimeType: string): AudioType | null {
  const wanted = mimeType.split(';')[0]!.trim().toLowerCase();
  return Object.values(AUDIO_TYPES).find((candidate) => candidate.mimeType === wanted) ?? null;
}
