import type { Language } from './languages.ts';

/**
 * The spec's catalogue of transcription and upload failures (8.2, 8.3) as stable codes.
 * `server` is the English message the server stores and sends (it contains the spec's
 * substring, so substring matching keeps working); `en` and `fi` are what the user sees.
 */
export const AI_ERROR_CODES = [
  'quota_exceeded',
  'temporarily_unavailable',
  'authentication_failed',
  'too_large',
  'unprocessable_audio',
  'no_speech',
  'very_little_speech',
  'too_few_words',
  'background_noise',
  'excessive_repetition',
  'poor_audio_quality',
  'upload_failed',
  'processing_failed',
] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

export interface AiErrorText {
  code: AiErrorCode;
  /** English server message; contains `matches[0]`. */
  server: string;
  /** Lower-case substrings that identify this error in a server message. */
  matches: readonly string[];
  en: string;
  fi: string;
}

const NO_SPEECH = {
  en: 'No speech detected in the recording. Please try again and speak clearly into the microphone.',
  fi: 'Nauhoituksesta ei tunnistettu puhetta. Yritä uudelleen ja puhu selkeästi mikrofoniin.',
};

export const AI_ERRORS: Record<AiErrorCode, AiErrorText> = {
  quota_exceeded: {
    code: 'quota_exceeded',
    server: 'AI transcription service quota exceeded.',
    matches: ['quota exceeded'],
    en: 'AI transcription service quota exceeded. Please try again later or contact support.',
    fi: 'Tekoälypalvelun käyttökiintiö on ylittynyt. Yritä myöhemmin uudelleen tai ota yhteyttä tukeen.',
  },
  temporarily_unavailable: {
    code: 'temporarily_unavailable',
    server: 'AI transcription service is temporarily unavailable.',
    matches: ['temporarily unavailable'],
    en: 'AI transcription service is temporarily unavailable. Please try again later.',
    fi: 'Tekoälypalvelu ei ole tilapäisesti käytettävissä. Yritä myöhemmin uudelleen.',
  },
  authentication_failed: {
    code: 'authentication_failed',
    server: 'AI service authentication failed.',
    matches: ['authentication failed'],
    en: 'AI service authentication failed. Please contact support.',
    fi: 'Tekoälypalvelun tunnistautuminen epäonnistui. Ota yhteyttä tukeen.',
  },
  too_large: {
    code: 'too_large',
    server: 'Audio file is too large.',
    matches: ['too large'],
    en: 'Audio file is too large. Please record a shorter message.',
    fi: 'Nauhoitus on liian suuri. Nauhoita lyhyempi viesti.',
  },
  unprocessable_audio: {
    code: 'unprocessable_audio',
    server: 'Unable to process the audio.',
    matches: ['unable to process the audio'],
    en: 'Unable to process the audio. Please check your microphone and try again.',
    fi: 'Ääntä ei voitu käsitellä. Tarkista mikrofoni ja yritä uudelleen.',
  },
  no_speech: {
    code: 'no_speech',
    server: 'No speech detected in the recording.',
    matches: ['no speech detected', 'no speech'],
    ...NO_SPEECH,
  },
  very_little_speech: {
    code: 'very_little_speech',
    server: 'Very little speech detected in the recording.',
    matches: ['very little speech'],
    ...NO_SPEECH,
  },
  too_few_words: {
    code: 'too_few_words',
    server: 'The transcription has too few words.',
    matches: ['too few words'],
    ...NO_SPEECH,
  },
  background_noise: {
    code: 'background_noise',
    server: 'Only background noise or silence in the recording.',
    matches: ['background noise', 'silence'],
    ...NO_SPEECH,
  },
  excessive_repetition: {
    code: 'excessive_repetition',
    server: 'Recording contains excessive repetition.',
    matches: ['excessive repetition'],
    en: 'Recording contains excessive repetition. Please try again with varied speech.',
    fi: 'Nauhoituksessa on liikaa toistoa. Yritä uudelleen vaihtelevammalla puheella.',
  },
  poor_audio_quality: {
    code: 'poor_audio_quality',
    server: 'Poor audio quality detected.',
    matches: ['poor audio quality'],
    en: 'Poor audio quality detected. Please try recording in a quieter environment.',
    fi: 'Äänenlaatu on heikko. Kokeile nauhoittaa hiljaisemmassa paikassa.',
  },
  upload_failed: {
    code: 'upload_failed',
    server: 'Upload failed: {message}',
    matches: ['upload failed'],
    en: 'Upload failed: {message}.',
    fi: 'Lähetys epäonnistui: {message}.',
  },
  processing_failed: {
    code: 'processing_failed',
    server: 'Failed to process recording.',
    matches: ['failed to process recording'],
    en: 'Failed to process recording. Please try again.',
    fi: 'Nauhoituksen käsittely epäonnistui. Yritä uudelleen.',
  },
};

/** Toast title shown with a transcription failure (8.2). */
export const TRANSCRIPTION_FAILED_TITLE: Record<Language, string> = {
  en: 'Transcription failed',
  fi: 'Litterointi epäonnistui',
};

function fill(text: string, params: Record<string, string> | undefined): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => params?.[key] ?? whole);
}

/** The user-facing text of a catalogue code in the given language, placeholders filled. */
export function aiErrorText(code: AiErrorCode, language: Language, params?: Record<string, string>): string {
  return fill(AI_ERRORS[code][language], params);
}

/** The catalogue entry a server message belongs to, matched by substring as the spec's clients do. */
export function matchAiError(message: string): AiErrorText | undefined {
  const lower = message.toLowerCase();
  // Specific entries first: "no speech" would also be found inside longer texts.
  for (const code of AI_ERROR_CODES) {
    const entry = AI_ERRORS[code];
    if (entry.matches.some((m) => lower.includes(m))) return entry;
  }
  return undefined;
}

export interface AiErrorOptions {
  retryable?: boolean;
  retryAfterMs?: number;
  /** The provider's or tool's own words, for logs; never shown to users as is. */
  detail?: string;
  status?: number;
  cause?: unknown;
}

/**
 * The one error every engine throws. `message` is the catalogue's English server message
 * (the spec's clients match it by substring); `code` picks the translated user text.
 */
export class AiError extends Error {
  readonly code: AiErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;
  readonly status: number | undefined;

  constructor(code: AiErrorCode, options: AiErrorOptions = {}) {
    super(AI_ERRORS[code].server, { cause: options.cause });
    this.name = 'AiError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.detail = options.detail;
    this.status = options.status;
  }

  /** Message plus detail, for logs. */
  describe(): string {
    return this.detail ? `${this.message} (${this.detail})` : this.message;
  }
}

export function isAiError(error: unknown): error is AiError {
  return error instanceof AiError;
}
