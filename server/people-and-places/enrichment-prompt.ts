import type { Language } from '../../contract/languages.ts';
import { FACTUAL_TEMPERATURE } from '../ai/prompts/creativity.ts';
import type { Prompt } from '../ai/prompts/types.ts';
import { personEnrichmentEn, placeEnrichmentEn } from './prompts/en/enrichment.ts';
import { personEnrichmentFi, placeEnrichmentFi } from './prompts/fi/enrichment.ts';

export interface PersonEnrichmentRequest {
  name: string;
  relationship?: string | null;
  characterization?: string | null;
  /** Every transcript that mentions the person. */
  transcripts: string[];
  language: Language;
}

export interface PlaceEnrichmentRequest {
  name: string;
  type?: string | null;
  description?: string | null;
  transcripts: string[];
  language: Language;
}

export interface EnrichmentTexts {
  role: string;
  grounding: string;
  task: (name: string, detail: string) => string;
  fields: string;
  recording: (n: number) => string;
}

const PERSON: Record<Language, EnrichmentTexts> = { en: personEnrichmentEn, fi: personEnrichmentFi };
const PLACE: Record<Language, EnrichmentTexts> = { en: placeEnrichmentEn, fi: placeEnrichmentFi };

function build(texts: EnrichmentTexts, name: string, detail: string, transcripts: string[]): Prompt {
  return {
    system: [texts.role, texts.grounding, texts.fields].join('\n\n'),
    user: [
      texts.task(name, detail),
      ...transcripts.map((t, i) => `${texts.recording(i + 1)}:\n"""\n${t.trim()}\n"""`),
    ].join('\n\n'),
    temperature: FACTUAL_TEMPERATURE,
  };
}

/** The prompt that builds a person's enrichedInfo from every recording that mentions them. */
export function buildPersonEnrichmentPrompt(request: PersonEnrichmentRequest): Prompt {
  const detail = [request.relationship, request.characterization].filter(Boolean).join(', ');
  return build(PERSON[request.language], request.name, detail, request.transcripts);
}

/** The prompt that builds a place's enrichedInfo. */
export function buildPlaceEnrichmentPrompt(request: PlaceEnrichmentRequest): Prompt {
  const detail = [request.type, request.description].filter(Boolean).join(', ');
  return build(PLACE[request.language], request.name, detail, request.transcripts);
}
