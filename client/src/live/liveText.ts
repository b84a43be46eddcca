/**
 * What the live text panel shows (spec 4, "Live text"): the finished words, and the words of
 * the utterance in progress, shown apart until they are final.
 */
export interface LiveText {
  /** Finals, joined; never shortened while the stream lasts. */
  finalText: string;
  /** The latest partial: the utterance in progress, replaced by each new one. */
  partial: string;
  /**
   * The finals appended, each with where in the take it was said (seconds from the stream's
   * start, when the engine knows): kept with the take so a tapped final can play from there.
   */
  finals: LiveFinal[];
}

/** A finished utterance of the live text and, when the engine knows, where in the take it was said. */
export interface LiveFinal {
  text: string;
  start?: number;
  end?: number;
}

export const EMPTY_LIVE_TEXT: LiveText = { finalText: '', partial: '', finals: [] };

export type LiveTextEvent = { type: 'partial'; text: string } | ({ type: 'final' } & LiveFinal) | { type: 'reset' };

/** Lower case with single spaces, so a repeat differing only in spacing or case counts as contained. */
function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The spec's rule: a partial becomes the text in progress; a final is appended unless the
 * finished text already contains it, and clears the text in progress either way.
 */
export function nextLiveText(state: LiveText, event: LiveTextEvent): LiveText {
  switch (event.type) {
    case 'partial':
      return { ...state, partial: event.text.trim() };
    case 'final': {
      const text = event.text.replace(/\s+/g, ' ').trim();
      const contained = text === '' || normalized(state.finalText).includes(normalized(text));
      if (contained) return { ...state, partial: '' };
      const said = event.start !== undefined && event.end !== undefined ? { start: event.start, end: event.end } : {};
      return {
        finalText: state.finalText ? `${state.finalText} ${text}` : text,
        partial: '',
        finals: [...state.finals, { text, ...said }],
      };
    }
    case 'reset':
      return EMPTY_LIVE_TEXT;
  }
}

/** Whether there is anything to show yet. */
export function hasLiveText(state: LiveText): boolean {
  return state.finalText !== '' || state.partial !== '';
}
