import { describe, expect, it } from 'vitest';
import { checkTranscript, repeatedShare, transcriptWords } from './transcript-quality.ts';

describe('transcript checks', () => {
  it('passes ordinary speech, English and Finnish', () => {
    expect(checkTranscript('And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.').problem).toBeNull();
    expect(checkTranscript('Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa. Joka kesä uimme järvessä.').problem).toBeNull();
  });

  it('calls an empty transcript or only silence phrases no speech', () => {
    expect(checkTranscript('').problem).toBe('no_speech');
    expect(checkTranscript('  ... ').problem).toBe('no_speech');
    expect(checkTranscript('Thank you.').problem).toBe('no_speech');
    expect(checkTranscript('Thanks for watching! Thank you.').problem).toBe('no_speech');
    expect(checkTranscript('Kiitos katsomisesta.').problem).toBe('no_speech');
    expect(checkTranscript('Tekstitys: Joku Jossain').problem).toBe('no_speech');
  });

  it('calls one or two words too few', () => {
    expect(checkTranscript('Hello there.').problem).toBe('too_few_words');
    expect(checkTranscript('Hello there, Anna.').problem).toBeNull();
  });

  it('finds the loop a speech engine falls into', () => {
    const loop = 'I remember the house. ' + 'And then we went home. '.repeat(12);
    expect(checkTranscript(loop).problem).toBe('excessive_repetition');
    expect(checkTranscript('the the the the the the the the the the the the').problem).toBe('excessive_repetition');
    expect(checkTranscript('Kiitos. Kiitos. Kiitos. Kiitos. Kiitos. Kiitos. Hei.').problem).not.toBeNull();
  });

  it('lets natural repetition through', () => {
    expect(checkTranscript('No, no, no, I said. We ran and ran until the river, and then we rested by the old bridge.').problem).toBeNull();
    expect(checkTranscript('Very very good times they were, very good times on the farm with Anna and Pekka.').problem).toBeNull();
  });

  it('counts words with apostrophes, hyphens and Finnish letters', () => {
    expect(transcriptWords("Don't go to Yli-Ii, Äiti!")).toEqual(["don't", 'go', 'to', 'yli-ii', 'äiti']);
    expect(repeatedShare(transcriptWords('a b a b a b a b'))).toBeGreaterThan(0.5);
  });
});
