import { describe, expect, it } from 'vitest';
import { SpeechCache } from './speech-cache.ts';

const audio = (bytes: number) => ({ audio: Buffer.alloc(bytes), mimeType: 'audio/mpeg' });

describe('the speech cache', () => {
  it('keeps narrations by text and language, the least recently used going first', () => {
    const cache = new SpeechCache({ entries: 2, bytes: 1000 });
    cache.set('Hello?', 'en', audio(10));
    cache.set('Hello?', 'fi', audio(20));
    expect(cache.get(' Hello? ', 'en')?.audio.length).toBe(10);
    cache.set('Third?', 'en', audio(30));
    // "Hello?" in Finnish was used least recently.
    expect(cache.get('Hello?', 'fi')).toBeUndefined();
    expect(cache.get('Hello?', 'en')).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.totalBytes).toBe(40);
  });

  it('stays under its bytes, and does not keep what alone is larger', () => {
    const cache = new SpeechCache({ entries: 10, bytes: 100 });
    cache.set('a', 'en', audio(60));
    cache.set('b', 'en', audio(60));
    expect(cache.get('a', 'en')).toBeUndefined();
    expect(cache.totalBytes).toBe(60);
    cache.set('b', 'en', audio(40));
    expect(cache.totalBytes).toBe(40);
    cache.set('huge', 'en', audio(101));
    expect(cache.get('huge', 'en')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
