/**
 * The spoken interview's state, as a reducer (no browser in it, so it is unit-tested):
 * Saaga speaks a question, listens to the answer, thinks of the next question while the
 * answer uploads in the background, and so on until the person stops.
 */
export type ConversationPhase =
  | 'ready' // before the first question: Start (a press, so the browser lets Saaga speak)
  | 'speaking' // Saaga reads the question aloud
  | 'listening' // the microphone records the answer
  | 'thinking' // waiting for the next question
  | 'ending' // the last answers are being saved
  | 'ended'
  | 'failed'; // the microphone could not be opened

/** Where one answer is: being recorded, on its way to the server, saved there, or kept on this device only. */
export type AnswerStatus = 'recording' | 'uploading' | 'saved' | 'kept' | 'none';

export interface Turn {
  question: string;
  /** An interviewer question's id (the first question only); follow-ups have none. */
  questionId: string | null;
  answer: AnswerStatus;
  /** The answer's live text, when there was any. */
  text: string;
}

export interface ConversationState {
  phase: ConversationPhase;
  turns: Turn[];
  /** The story the answers are kept in, once the first answer made it. */
  storyId: number | null;
  /** The last question could not be spoken aloud (it is shown as text). */
  voiceFailed: boolean;
}

export type ConversationEvent =
  | { type: 'ask'; question: string; questionId?: string | null }
  | { type: 'spoken'; ok: boolean }
  | { type: 'answered'; text: string; hasAudio: boolean }
  | { type: 'uploaded'; index: number; storyId: number }
  | { type: 'uploadFailed'; index: number }
  | { type: 'stopping' }
  | { type: 'ended' }
  | { type: 'failed' };

export const INITIAL_CONVERSATION: ConversationState = { phase: 'ready', turns: [], storyId: null, voiceFailed: false };

const withTurn = (turns: Turn[], index: number, change: Partial<Turn>) => turns.map((turn, i) => (i === index ? { ...turn, ...change } : turn));

export function nextConversation(state: ConversationState, event: ConversationEvent): ConversationState {
  const last = state.turns.length - 1;
  switch (event.type) {
    case 'ask':
      if (state.phase === 'ending' || state.phase === 'ended') return state;
      return {
        ...state,
        phase: 'speaking',
        voiceFailed: false,
        turns: [...state.turns, { question: event.question, questionId: event.questionId ?? null, answer: 'none', text: '' }],
      };
    case 'spoken':
      if (state.phase !== 'speaking') return state;
      return { ...state, phase: 'listening', voiceFailed: !event.ok, turns: withTurn(state.turns, last, { answer: 'recording' }) };
    case 'answered':
      if (state.phase !== 'listening' && state.phase !== 'ending') return state;
      return {
        ...state,
        phase: state.phase === 'ending' ? 'ending' : 'thinking',
        turns: withTurn(state.turns, last, { answer: event.hasAudio ? 'uploading' : 'none', text: event.text }),
      };
    case 'uploaded':
      return { ...state, storyId: state.storyId ?? event.storyId, turns: withTurn(state.turns, event.index, { answer: 'saved' }) };
    case 'uploadFailed':
      return { ...state, turns: withTurn(state.turns, event.index, { answer: 'kept' }) };
    case 'stopping':
      if (state.phase === 'ended' || state.phase === 'ending') return state;
      // A question still being spoken was never answered: it is not part of the conversation.
      return { ...state, phase: 'ending', turns: state.phase === 'speaking' ? state.turns.slice(0, -1) : state.turns };
    case 'ended':
      return { ...state, phase: 'ended' };
    case 'failed':
      return { ...state, phase: 'failed' };
  }
}

/** How many answers have audio (uploading, saved or kept). */
export const answerCount = (state: ConversationState) => state.turns.filter((t) => t.answer !== 'none').length;

/** Answers still on their way to the server. */
export const uploadsPending = (state: ConversationState) => state.turns.some((t) => t.answer === 'uploading' || t.answer === 'recording');

/** Whether leaving needs the person's say: once the first question is asked, until the conversation has ended. */
export function mustAskToLeave(state: ConversationState): boolean {
  return state.phase !== 'ready' && state.phase !== 'ended' && state.phase !== 'failed';
}
