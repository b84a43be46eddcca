/** What live transcription holds open right now: sessions (an engine stream each) and ffmpeg decoders. */
const open = { sessions: 0, decoders: 0 };

export function liveResources(): { sessions: number; decoders: number } {
  return { ...open };
}

/** Counts one held resource; the returned function lets it go (once, however often it is called). */
export function hold(kind: keyof typeof open): () => void {
  open[kind] += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open[kind] -= 1;
  };
}
