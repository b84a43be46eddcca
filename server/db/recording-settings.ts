import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { creativitySchema, toneSchema } from '../../contract/story-options.ts';
import { recordingContextTypeSchema } from '../../contract/uploads.ts';

// Each field is read on its own: a value an older version stored differently is dropped
// (the job then uses its default), never a reason to fail the recording.
const kept = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** What the uploader asked for, kept with the recording (spec 7.3 upload fields): the `settings` column. */
export const recordingSettingsSchema = z.object({
  language: kept(languageSchema),
  temperature: kept(z.number().min(0).max(2)),
  transcriptionModel: kept(z.string()),
  storyGenerationModel: kept(z.string()),
  tone: kept(toneSchema),
  creativity: kept(creativitySchema),
  contextType: kept(recordingContextTypeSchema),
  contextName: kept(z.string()),
  clientDuration: kept(z.number()),
  clientTimestamp: kept(z.string()),
  userAgent: kept(z.string()),
});
export type RecordingSettings = z.infer<typeof recordingSettingsSchema>;

/** A recording's stored settings as the pipeline reads them; anything else in the column is ignored. */
export function readRecordingSettings(stored: unknown): RecordingSettings {
  return recordingSettingsSchema.parse(stored ?? {});
}
