import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isTranscriptionPending, type PendingWork, storyPendingWork } from '../../../contract/engines.ts';
import { useAwaitedEngine } from '../api/engines.ts';
import { useStory, useStoryWithRecordings } from '../api/stories.ts';
import { useRecordingStatus } from '../api/uploads.ts';

/** A story of a list, as the library has it (the excerpt tells whether it has text). */
interface ListedStory {
  processingStatus: string;
  excerpt: string;
}

interface WaitingForEngineProps {
  /** A recording on its way to a transcript (its status is read, every 2 s while pending). */
  recordingId?: number | null;
  /** A story: its own state and its recordings'. */
  storyId?: number | null;
  /** The stories of a list (the library): one notice when any of them waits. */
  stories?: readonly ListedStory[];
  /** Shown instead when nothing waits, e.g. the usual progress. */
  otherwise?: ReactNode;
  className?: string;
}

const NOTHING: PendingWork = { transcription: false, writing: false };
const either = (a: PendingWork, b: PendingWork): PendingWork => ({
  transcription: a.transcription || b.transcription,
  writing: a.writing || b.writing,
});

/**
 * What waiting work waits for, said calmly: "Waiting for the speech model: run `npm run
 * models` or set an AI key." and that the recording is safe and goes on by itself. Renders
 * `otherwise` (nothing by default) when nothing waits: no pending work, or its engine is ready.
 */
export function WaitingForEngine({ recordingId = null, storyId = null, stories, otherwise = null, className }: WaitingForEngineProps) {
  const { t } = useTranslation('recordings');
  const recording = useRecordingStatus(recordingId);
  const story = useStory(storyId);
  const storyRecordings = useStoryWithRecordings(storyId);

  let work = NOTHING;
  const recordingStatus = recording.data?.processingStatus;
  if (recordingStatus && isTranscriptionPending(recordingStatus)) work = either(work, { transcription: true, writing: false });
  if (story.data) {
    const recordingsPending = storyRecordings.data?.recordings.some((r) => isTranscriptionPending(r.processingStatus));
    work = either(work, storyPendingWork({ processingStatus: story.data.processingStatus, hasText: story.data.content.trim() !== '' }, recordingsPending));
  }
  for (const listed of stories ?? []) {
    work = either(work, storyPendingWork({ processingStatus: listed.processingStatus, hasText: listed.excerpt.trim() !== '' }));
  }

  const engine = useAwaitedEngine(work);
  if (!engine) return <>{otherwise}</>;
  return (
    <div role="status" className={`rounded-xl border border-amber-300/40 bg-amber-300/10 p-4 text-left ${className ?? ''}`}>
      <p className="flex items-start gap-2 font-medium text-amber-100">
        <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{withCommands(t(`waiting.${engine}`))}</span>
      </p>
      <p className="mt-1.5 pl-6 text-sm text-stone-300">{t(`waiting.${engine}Safe`)}</p>
    </div>
  );
}

/** The `commands` of a text as code. */
function withCommands(text: string): ReactNode[] {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded bg-stone-950/60 px-1 py-0.5 font-mono text-[0.9em] whitespace-nowrap text-amber-50">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
