import { z } from 'zod';
import { CONVERSATION_LIMITS } from '../../contract/conversation.ts';
import type { Language } from '../../contract/languages.ts';
import type { PhotoQuestionResponse } from '../../contract/photo-prompts.ts';
import type { Writer } from '../ai/ports.ts';
import { defineWritingTask } from '../ai/writing-task.ts';
import { groundedQuestions, newQuestions } from '../follow-ups/grounded-questions.ts';
import { buildPhotoQuestionPrompt, type PhotoFacts, type PhotoQuestionRequest } from './photo-question-prompt.ts';

/** The writer's question about a photo, kept only when it names no person, place or number the caption and date do not. */
export const photoQuestionTask = defineWritingTask({
  name: 'photo_question',
  output: z.object({ question: z.string() }),
  prompt: (request: PhotoQuestionRequest) => buildPhotoQuestionPrompt(request),
  ground(output, request): string | null {
    const [question] = groundedQuestions(newQuestions([output.question]), [request.caption, request.takenOn ?? '']);
    return question && question.length <= CONVERSATION_LIMITS.questionChars ? question : null;
  },
});

/** The longest caption quoted in Saaga's own question, so the question stays speakable (CONVERSATION_LIMITS.questionChars). */
const QUOTED_CAPTION_CHARS = 200;

const FALLBACK: Record<Language, { ask: (details: string) => string; caption: (caption: string) => string; taken: (date: string) => string; locale: string; date: Intl.DateTimeFormatOptions }> = {
  en: {
    ask: (details) => `Tell me about this picture${details}. What do you remember of that moment?`,
    caption: (caption) => `, “${caption}”`,
    taken: (date) => `, taken on ${date}`,
    locale: 'en-GB',
    date: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  },
  fi: {
    ask: (details) => `Kerro tästä kuvasta${details}. Mitä muistat siitä hetkestä?`,
    caption: (caption) => `, ”${caption}”`,
    taken: (date) => `, otettu ${date}`,
    locale: 'fi-FI',
    date: { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' },
  },
};

/** Saaga's own first question about a photo, in the person's language, with its caption and the day taken when known. */
export function photoFallbackQuestion(language: Language, photo: PhotoFacts): string {
  const texts = FALLBACK[language];
  const caption = photo.caption.trim().replace(/\s+/g, ' ');
  const quoted = caption.length > QUOTED_CAPTION_CHARS ? `${caption.slice(0, QUOTED_CAPTION_CHARS - 1).trimEnd()}…` : caption;
  const day = photo.takenOn ? new Date(`${photo.takenOn}T00:00:00Z`) : null;
  const details = [
    quoted ? texts.caption(quoted) : '',
    day && !Number.isNaN(day.getTime()) ? texts.taken(new Intl.DateTimeFormat(texts.locale, texts.date).format(day)) : '',
  ].join('');
  return texts.ask(details);
}

/**
 * The first question of a conversation about a photo: the writer's, grounded in the
 * caption and the date, else Saaga's own. No writer (the AI is not running), one that fails
 * or takes too long: Saaga's own; the person is waiting to start.
 */
export async function askAboutPhoto(
  writer: Writer | undefined,
  photo: PhotoFacts,
  language: Language,
  log: { warn(obj: object, msg?: string): void },
): Promise<PhotoQuestionResponse> {
  if (writer) {
    try {
      const question = await writer.run(photoQuestionTask, { ...photo, language }, { signal: AbortSignal.timeout(CONVERSATION_LIMITS.followUpTimeoutMs) });
      if (question) return { question, source: 'writer' };
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the writer gave no question about the photo; Saaga asks its own');
    }
  }
  return { question: photoFallbackQuestion(language, photo), source: 'fallback' };
}
