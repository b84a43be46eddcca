import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_LIMITS } from '../../../contract/conversation.ts';
import { liveCapabilitiesSchema } from '../../../contract/live.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { getJson } from '../api/request.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import type { LiveText } from '../live/liveText.ts';
import { useLiveText } from '../live/useLiveText.ts';
import type { Take } from '../recorder/recorderMachine.ts';
import { forgetTakeQuietly } from '../microphone/unsavedTakes.ts';
import { loadAiSettings } from '../settings/useAiSettings.ts';
import { microphoneErrorKind, type MicrophoneErrorKind } from '../takes/microphone.ts';
import { AnswerMicrophone } from './answerMicrophone.ts';
import { fetchFollowUp, finishConversation } from '../api/conversation.ts';
import { uploadAnswer } from './uploadAnswer.ts';
import { INITIAL_CONVERSATION, nextConversation, type Turn } from './conversationMachine.ts';
import { useQuestionVoice } from './useQuestionVoice.ts';
import { watchRewrite } from './watchRewrite.ts';

/** How long the end of an answer waits for its last live words before asking with what it has. */
const LAST_WORDS_MS = 1500;
/** How often a pause is looked for while the person answers. */
const PAUSE_CHECK_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const wordsOf = (text: LiveText) => [text.finalText, text.partial].filter(Boolean).join(' ').trim();

/** Whether this server offers live text (GET /api/live); without it the conversation goes on, with plain follow-ups. */
async function liveTextAvailable(): Promise<boolean> {
  try {
    return liveCapabilitiesSchema.parse(await getJson('/api/live')).available;
  } catch {
    return false;
  }
}

/** How the conversation ended: the story it made, and whether some answers are only on this device. */
export interface ConversationOutcome {
  storyId: number | null;
  keptOnDevice: boolean;
}

/**
 * The spoken interview's work: ask (speak) a question, record the answer with live text,
 * end the turn on a pause (a final and then `pauseMs` of quiet), on "next question" or on
 * Stop; upload each answer in the background, in order (the first makes the story, the
 * rest join it, each with its question), ask the server for the next question meanwhile;
 * at the end wait for every upload and have the story written from all answers.
 */
export function useConversation(
  opening: { question: string; questionId: string | null; aboutPhotoId?: number | null },
  options: { holdTurn?: boolean } = {},
) {
  const { holdTurn = false } = options;
  const { t } = useTranslation('conversation');
  const language = useLanguage();
  const { data: user } = useCurrentUser();
  const dataChanged = useDataChanged();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(nextConversation, INITIAL_CONVERSATION);
  const stateRef = useRef(state);
  stateRef.current = state;
  const live = useLiveText();
  const liveTextRef = useRef(live.text);
  liveTextRef.current = live.text;
  const voice = useQuestionVoice();
  const microphone = useRef<AnswerMicrophone | null>(null);
  const liveOn = useRef(false);
  const uploads = useRef<Promise<void>>(Promise.resolve());
  const storyId = useRef<number | null>(null);
  const asked = useRef<string[]>([]);
  const stopping = useRef(false);
  const answerOpen = useRef(false);
  const closingAnswer = useRef<Promise<void> | null>(null);
  const microphoneError = useRef<MicrophoneErrorKind | null>(null);
  /** Answers the server has, and answers only this device has (counted here: the state renders later). */
  const saved = useRef(0);
  const kept = useRef(0);
  /** When the answer being recorded began (for its timer); null between answers. */
  const [answerStartedAt, setAnswerStartedAt] = useState<number | null>(null);
  /** The live text of the answer that ended last, for its follow-up. */
  const lastAnswer = useRef('');

  /** Sends an answer after those before it: the first makes the story, the next join it. */
  const queueUpload = useCallback(
    (index: number, take: Take, turn: Turn) => {
      uploads.current = uploads.current.then(async () => {
        try {
          const response = await uploadAnswer({
            ...take,
            settings: loadAiSettings(),
            appLanguage: language,
            context: storyId.current ? { contextType: 'story', contextId: storyId.current } : { contextType: 'new_story' },
            promptQuestion: turn.question,
            questionId: storyId.current ? null : turn.questionId,
            // The answer that makes the story is told about the photo: the story takes it as cover.
            aboutPhotoId: storyId.current ? null : (opening.aboutPhotoId ?? null),
            userAgent: navigator.userAgent,
          });
          // The server has it: the device copy can go.
          await forgetTakeQuietly(take.copyId);
          if (response.story) storyId.current ??= response.story.id;
          saved.current += 1;
          dispatch({ type: 'uploaded', index, storyId: response.story?.id ?? 0 });
          dataChanged();
        } catch (error) {
          // Still on this device: the home screen offers it to be kept.
          console.warn('An answer could not be uploaded; it is kept on this device:', error);
          kept.current += 1;
          dispatch({ type: 'uploadFailed', index });
        }
      });
    },
    [language, dataChanged, opening.aboutPhotoId],
  );

  /** Ends the answer being recorded: its live text, and its audio queued for upload. */
  const closeAnswer = useCallback((): Promise<void> => {
    if (!answerOpen.current) return closingAnswer.current ?? Promise.resolve();
    answerOpen.current = false;
    const index = stateRef.current.turns.length - 1;
    const turn = stateRef.current.turns[index];
    setAnswerStartedAt(null);
    closingAnswer.current = (async () => {
      const take = (await microphone.current?.stopTake()) ?? null;
      // The last words may still be on their way: a moment for them, then what there is.
      const ended = liveOn.current ? await Promise.race([live.end(), sleep(LAST_WORDS_MS).then(() => null)]) : null;
      const text = (ended?.trim() || wordsOf(liveTextRef.current)).slice(-CONVERSATION_LIMITS.answerChars);
      dispatch({ type: 'answered', text, hasAudio: take !== null });
      if (take && turn) queueUpload(index, take, turn);
      closingAnswer.current = null;
      lastAnswer.current = text;
    })();
    return closingAnswer.current;
  }, [live, queueUpload]);

  const listen = useCallback(async () => {
    const connected = liveOn.current ? await live.connect() : false;
    if (stopping.current) return live.close();
    answerOpen.current = true;
    try {
      await microphone.current?.startTake(connected ? live.sendChunk : undefined);
      if (answerOpen.current) setAnswerStartedAt(Date.now());
    } catch (error) {
      console.warn('The answer could not be recorded:', error);
    }
  }, [live]);

  const ask = useCallback(
    async (question: string, questionId: string | null) => {
      if (stopping.current) return;
      asked.current.push(question);
      dispatch({ type: 'ask', question, questionId });
      const spoken = await voice.speak(question, language);
      if (stopping.current) return;
      dispatch({ type: 'spoken', ok: spoken });
      await listen();
    },
    [voice, language, listen],
  );

  /** The answer is over: the next question, grounded in it. */
  const next = useCallback(async () => {
    if (!answerOpen.current || stopping.current) return;
    const turn = stateRef.current.turns.at(-1);
    await closeAnswer();
    if (stopping.current || !turn) return;
    let question: string;
    try {
      ({ question } = await fetchFollowUp({
        storyId: storyId.current ?? undefined,
        question: turn.question.slice(0, CONVERSATION_LIMITS.questionChars),
        answer: lastAnswer.current,
        askedBefore: asked.current.slice(-20).map((q) => q.slice(0, CONVERSATION_LIMITS.questionChars)),
        language,
      }));
    } catch (error) {
      // The server could not be asked: Saaga's plain question, so the person can go on talking.
      console.warn('No follow-up question could be fetched:', error);
      question = t('fallbackQuestion');
    }
    await ask(question, null);
  }, [closeAnswer, ask, language, t]);

  /** Opens the microphone and asks the first question (after a press: the browser then lets Saaga speak). */
  const start = useCallback(async () => {
    if (!user || stateRef.current.phase !== 'ready' || microphone.current) return;
    const mic = new AnswerMicrophone(user.id);
    // Claimed at once: a second press while the browser asks for the microphone opens nothing more.
    microphone.current = mic;
    try {
      await mic.open();
    } catch (error) {
      microphoneError.current = microphoneErrorKind(error);
      dispatch({ type: 'failed' });
      return;
    }
    liveOn.current = await liveTextAvailable();
    await ask(opening.question, opening.questionId);
  }, [user, ask, opening.question, opening.questionId]);

  /**
   * Stop: the answer in progress is kept, every answer reaches the server (or stays on the
   * device), and a conversation of several answers is written again from all of them.
   */
  const saveAll = async (): Promise<ConversationOutcome> => {
    stopping.current = true;
    dispatch({ type: 'stopping' });
    voice.stop();
    await closeAnswer();
    // Uploads may queue more while earlier ones finish: wait until the chain stands still.
    for (let pending = uploads.current; ; pending = uploads.current) {
      await pending;
      if (pending === uploads.current) break;
    }
    microphone.current?.close();
    live.close();
    if (storyId.current && saved.current > 1) {
      const id = storyId.current;
      await finishConversation(id)
        .then(({ rewriting }) => rewriting && watchRewrite(queryClient, id))
        .catch((error: unknown) => console.warn('The story could not be queued for writing again:', error));
    }
    dispatch({ type: 'ended' });
    return { storyId: storyId.current, keptOnDevice: kept.current > 0 };
  };
  const saveAllNow = useRef(saveAll);
  saveAllNow.current = saveAll;
  // Once: Stop, then leaving while it saves, wait for the same saving (one finish, one rewrite).
  const stopped = useRef<Promise<ConversationOutcome> | null>(null);
  const stop = useCallback((): Promise<ConversationOutcome> => (stopped.current ??= saveAllNow.current()), []);

  // A pause ends the answer: something was said (a finished sentence, nothing in progress),
  // then the microphone has been quiet for pauseMs. Words alone cannot tell: a streaming
  // engine sends nothing while a long sentence is still being spoken.
  const saidSomething = live.text.finalText !== '' && live.text.partial === '';
  useEffect(() => {
    // While the person is asked something else (leaving), a pause does not move on.
    if (state.phase !== 'listening' || !saidSomething || holdTurn) return;
    const timer = window.setInterval(() => {
      if ((microphone.current?.quietMs() ?? 0) >= CONVERSATION_LIMITS.pauseMs) void next();
    }, PAUSE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [state.phase, saidSomething, holdTurn, next]);

  // Leaving the screen releases the microphone (a take in progress stays on the device).
  useEffect(
    () => () => {
      microphone.current?.close();
    },
    [],
  );

  return {
    state,
    liveText: live.text,
    liveStatus: live.status,
    answerStartedAt,
    voiceRef: voice.audioRef,
    microphoneError: microphoneError.current,
    start,
    next,
    stop,
  };
}
