import { describe, expect, it } from 'vitest';
import { answerCount, INITIAL_CONVERSATION, mustAskToLeave, nextConversation, uploadsPending, type ConversationEvent } from './conversationMachine.ts';

const run = (...events: ConversationEvent[]) => events.reduce(nextConversation, INITIAL_CONVERSATION);

describe('the conversation', () => {
  it('goes speaking, listening, thinking for each question, and keeps the first answer\'s story', () => {
    const state = run(
      { type: 'ask', question: 'Where did you grow up?', questionId: 'childhood.home' },
      { type: 'spoken', ok: true },
      { type: 'answered', text: 'By a lake.', hasAudio: true },
      { type: 'uploaded', index: 0, storyId: 7 },
      { type: 'ask', question: 'Who lived there with you?' },
      { type: 'spoken', ok: false },
    );
    expect(state.phase).toBe('listening');
    expect(state.voiceFailed).toBe(true);
    expect(state.storyId).toBe(7);
    expect(state.turns).toEqual([
      { question: 'Where did you grow up?', questionId: 'childhood.home', answer: 'saved', text: 'By a lake.' },
      { question: 'Who lived there with you?', questionId: null, answer: 'recording', text: '' },
    ]);
    expect(uploadsPending(state)).toBe(true);
    expect(mustAskToLeave(state)).toBe(true);
  });

  it('stopping while a question is spoken drops that question; an answer being recorded is still answered', () => {
    const asked = run({ type: 'ask', question: 'Q1' }, { type: 'spoken', ok: true }, { type: 'answered', text: 'A1', hasAudio: true }, { type: 'ask', question: 'Q2' });
    const stopped = nextConversation(asked, { type: 'stopping' });
    expect(stopped.phase).toBe('ending');
    expect(stopped.turns.map((t) => t.question)).toEqual(['Q1']);

    const listening = run({ type: 'ask', question: 'Q1' }, { type: 'spoken', ok: true }, { type: 'stopping' }, { type: 'answered', text: 'A1', hasAudio: true });
    expect(listening.phase).toBe('ending');
    expect(listening.turns[0]).toMatchObject({ answer: 'uploading', text: 'A1' });
    expect(answerCount(listening)).toBe(1);
    // No new question once it is ending.
    expect(nextConversation(listening, { type: 'ask', question: 'Q2' }).turns).toHaveLength(1);
  });

  it('an answer without audio counts for nothing; one the server did not get is kept on the device', () => {
    const state = run(
      { type: 'ask', question: 'Q1' }, { type: 'spoken', ok: true }, { type: 'answered', text: '', hasAudio: false },
      { type: 'ask', question: 'Q2' }, { type: 'spoken', ok: true }, { type: 'answered', text: 'A2', hasAudio: true },
      { type: 'uploadFailed', index: 1 }, { type: 'stopping' }, { type: 'ended' },
    );
    expect(answerCount(state)).toBe(1);
    expect(state.turns.map((t) => t.answer)).toEqual(['none', 'kept']);
    expect(uploadsPending(state)).toBe(false);
    expect(mustAskToLeave(state)).toBe(false);
    expect(mustAskToLeave(INITIAL_CONVERSATION)).toBe(false);
  });
});
