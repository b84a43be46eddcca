import { useQuery } from '@tanstack/react-query';
import { storyVoiceViewSchema } from '../../../contract/voice.ts';
import { getJson } from './request.ts';

/* "Hear it" on the public page (issue 29); the owner's and family readers' read is api/voice.ts's. */

/** GET /api/published/{slug}/voice (anyone, when the story was published with the teller's voice). */
export async function getPublicStoryVoice(slug: string) {
  return storyVoiceViewSchema.parse(await getJson<unknown>(`/api/published/${encodeURIComponent(slug)}/voice`));
}

/** The public page's spans, asked only when the story was published with the teller's voice. */
export function usePublicStoryVoice(slug: string, published: boolean) {
  return useQuery({ queryKey: ['/api/published', slug, 'voice'], queryFn: () => getPublicStoryVoice(slug), enabled: published });
}
