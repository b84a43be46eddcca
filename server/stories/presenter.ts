import type { stories } from '../db/schema.ts';

type StoryRow = typeof stories.$inferSelect;

/** A story as the API presents it (spec 3, "Story"). */
export function presentStory(row: StoryRow) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    language: row.language,
    processingStatus: row.processingStatus,
    pointOfView: row.pointOfView,
    storyStyle: row.storyStyle,
    tone: row.tone,
    promptQuestion: row.promptQuestion,
    questionId: row.questionId,
    chapterId: row.chapterId,
    metadata: row.metadata,
    temporalType: row.temporalType,
    specificDate: row.specificDate,
    month: row.month,
    year: row.year,
    endYear: row.endYear,
    hasNewRecordings: row.hasNewRecordings,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
