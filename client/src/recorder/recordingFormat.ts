const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
};

/** The file extension of a recorded MIME type (parameters ignored); webm when unknown. */
export function fileExtension(mimeType: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  return EXTENSIONS[base] ?? 'webm';
}

/** The uploaded file's name: recording-{timestamp}.{extension} (spec 3, "Upload forms"). */
export function recordingFileName(mimeType: string, timestamp: number): string {
  return `recording-${timestamp}.${fileExtension(mimeType)}`;
}
