import type { Language } from '../../contract/languages.ts';
import type { Narration } from '../ai/ports.ts';

/** Questions spoken before, by text and language: the same opening question is not paid for twice. */
export const SPEECH_CACHE_ENTRIES = 64;

/** A small least-recently-used cache of narrations, bounded by entries (each at most a few hundred kB). */
export class SpeechCache {
  private readonly entries = new Map<string, Narration>();

  constructor(private readonly limit = SPEECH_CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
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
    const key = keyOf(text, language);
    this.entries.delete(key);
    this.entries.set(key, narration);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

const keyOf = (text: string, language: Language) => `${language}\n${text.trim()}`;
