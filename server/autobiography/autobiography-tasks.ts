import { z } from 'zod';
import { AiError } from '../ai/errors.ts';
import { titleFromText } from '../ai/paragraphs.ts';
import { defineWritingTask } from '../ai/writing-task.ts';
import {
  buildAutobiographyChapterPrompt, buildAutobiographyPrompt, type AutobiographyChapterRequest, type AutobiographyRequest,
} from './autobiography-prompt.ts';

const autobiographyOutputSchema = z.object({ title: z.string(), content: z.string() });

export interface Autobiography {
  title: string;
  content: string;
}

/** The whole book in one request (the job writes chapter by chapter: autobiographyChapterTask). */
export const autobiographyTask = defineWritingTask({
  name: 'autobiography',
  output: autobiographyOutputSchema,
  prompt: (request: AutobiographyRequest) => buildAutobiographyPrompt(request),
  ground(output, request): Autobiography {
    const content = output.content.trim();
    if (!content) throw new AiError('processing_failed', { retryable: true, detail: 'the writer returned an empty autobiography' });
    return { title: output.title.trim() || request.title || titleFromText(content), content };
  },
});

/** One chapter of an autobiography, as Markdown paragraphs (write-chapter.ts grounds it in its stories). */
export const autobiographyChapterTask = defineWritingTask({
  name: 'autobiography_chapter',
  output: autobiographyOutputSchema,
  prompt: (request: AutobiographyChapterRequest) => buildAutobiographyChapterPrompt(request),
  ground(output, request): Autobiography {
    const content = output.content.trim();
    if (!content) throw new AiError('processing_failed', { retryable: true, detail: 'the writer returned an empty autobiography chapter' });
    // The person's own chapter title is kept whatever the model answers.
    return { title: request.chapterTitle ?? output.title.trim(), content };
  },
});
