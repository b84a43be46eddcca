/** 16-bit PCM WAV of mono samples in [-1, 1] (spec 9.2: person and place recordings are WAV). */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  const bytesPerSample = 2;
  const dataSize = samples.length * bytesPerSample;
  const buffer = new ArrayBuffer(44 + dataSize);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataSize, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerSample, true);
  view.setUint16(32, bytesPerSample, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataSize, true);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i]));
    view.setInt16(44 + i * 2, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/** Mixes an AudioBuffer's channels down to one. */
export function mixToMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const mono = new Float32Array(channels[0].length);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i] += channel[i] / channels.length;
  return mono;
}

/** The WAV's rate (spec 9.2: 16 kHz): a third of the bytes of 48 kHz, and what speech models hear. */
export const WAV_SAMPLE_RATE = 16000;

/** Decodes what MediaRecorder made (webm, mp4, ...) and writes it as a 16 kHz mono WAV. */
export async function recordingToWav(recorded: Blob): Promise<Blob> {
  // decodeAudioData resamples to the context's rate.
  const context = new AudioContext({ sampleRate: WAV_SAMPLE_RATE });
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
    return encodeWav(mixToMono(channels), audio.sampleRate);
  } finally {
    void context.close();
  }
}
