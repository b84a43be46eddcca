import { useEffect, useState } from 'react';
import type { RecordingStatus } from '../../../contract/recording-limits.ts';
import { UPLOAD_STAGES } from '../../../contract/uploads.ts';
import { uploadStageAt, type UploadStageEntry } from './uploadStage.ts';

/** The upload stage right now, moving on by itself at each stage's time after the server answered. */
export function useUploadStage(answeredAt: number | null, status: RecordingStatus | undefined): UploadStageEntry {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (answeredAt === null) return;
    setNow(Date.now());
    const timers = UPLOAD_STAGES.flatMap(({ afterMs }) =>
      afterMs ? [window.setTimeout(() => setNow(Date.now()), Math.max(0, answeredAt + afterMs - Date.now()))] : [],
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [answeredAt]);
  return uploadStageAt(answeredAt, Math.max(now, answeredAt ?? now), status);
}
