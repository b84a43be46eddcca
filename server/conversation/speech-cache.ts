import type { Language } from '../../contract/languages.ts';
import type { Narration } from '../ai/ports.ts';

/** Questions spoken before, by text and language: the same opening question is not paid for twice. */
export const SPEECH_CACHE_LIMITS = { entries: 64, bytes: 16 * 1024 * 1024 } as const;

/** A small least-recently-used cache of narrations, bounded by entries and by bytes. */
export class SpeechCache {
  private readonly entries = new Map<string, Narration>();
  private bytes = 0;

  constructor(private readonly limits: { entries: number; bytes: number } = SPEECH_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(text: string, language: Language): Narration | undefined {
    const key = keyOf(text, language);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    // Used again: move it to the newest end.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(text: string, language: Language, narration: Narration): void {
    // One narration larger than the whole cache is served, not kept.
    if (narration.audio.length > this.limits.bytes) return;
    const key = keyOf(text, language);
    this.remove(key);
    this.entries.set(key, narration);
    this.bytes += narration.audio.length;
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.audio.length;
  }
}

const keyOf = (text: string, language: Language) => `${language}\n${text.trim()}`;
