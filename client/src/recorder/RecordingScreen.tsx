import { useDataChanged } from '../api/dataChanged.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../contract/timings.ts';
import { CONTEXT_ONLY_TYPES, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { loadAiSettings } from '../settings/useAiSettings.ts';
import { toast } from '../ui/toastStore.ts';
import { ContextChooser } from './ContextChooser.tsx';
import { PostUploadScreen } from './PostUploadScreen.tsx';
import { RecorderView } from './RecorderView.tsx';
import { useUploadRecording } from './useUploadRecording.ts';
import type { ContextFields } from './recordingContext.ts';
import { RecordingHeader } from './RecordingHeader.tsx';
import type { RecordingRequest } from '../recordings/recordingLink.ts';
import { useRecorder, type FinishedRecording } from './useRecorder.ts';
import { useRecordingMessages } from './useRecordingMessages.ts';
import { useTranscriptionFailureToast } from '../recordings/useTranscriptionFailure.ts';

type Step =
  | { kind: 'record' }
  | { kind: 'choose'; recording: FinishedRecording }
  | { kind: 'upload'; contextOnly: boolean; knownStoryId: number | null };

interface RecordingScreenProps {
  request: RecordingRequest;
  onClose: () => void;
  onOpenStory: (storyId: number) => void;
}

/**
 * The full-screen recording flow over the home screen: record (starting by itself after
 * 500 ms), choose what the recording is about, upload, then the time form.
 */
export function RecordingScreen({ request, onClose, onOpenStory }: RecordingScreenProps) {
  const { t } = useTranslation('recording');
  const language = useLanguage();
  const titleId = useId();
  const messages = useRecordingMessages();
  const transcriptionFailureToast = useTranscriptionFailureToast();
  const recordingsChanged = useDataChanged();
  const upload = useUploadRecording();
  const [step, setStep] = useState<Step>({ kind: 'record' });
  const [response, setResponse] = useState<RecordingUploadResponse | null>(null);
  const [answeredAt, setAnsweredAt] = useState<number | null>(null);
  const mounted = useRef(true);

  const recorder = useRecorder({
    onFinished: (recording) => setStep({ kind: 'choose', recording }),
    onFailed: messages.recorderFailure,
  });
  const { start } = recorder;

  useEffect(() => {
    mounted.current = true;
    const timer = window.setTimeout(() => void start(), TIMINGS.recordingAutoStartMs);
    return () => {
      mounted.current = false;
      window.clearTimeout(timer);
    };
  }, [start]);

  // The screen covers the app: its title takes the focus when the step changes.
  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [step.kind, titleId]);

  const confirm = (recording: FinishedRecording, context: ContextFields) => {
    const contextOnly = CONTEXT_ONLY_TYPES.includes(context.contextType);
    const knownStoryId = context.contextType === 'story' ? (context.contextId ?? null) : null;
    setStep({ kind: 'upload', contextOnly, knownStoryId });
    // A promise, not mutate callbacks: the toasts must come even if the screen was left.
    upload
      .mutateAsync({
        ...recording,
        settings: loadAiSettings(),
        appLanguage: language,
        context,
        promptQuestion: request.promptQuestion,
        questionId: request.questionId,
        userAgent: navigator.userAgent,
      })
      .then((result) => {
        recordingsChanged();
        if (result.isContextOnly) {
          toast({ title: t('upload.successful'), description: t('upload.contextSaved') });
          if (mounted.current) onClose();
          return;
        }
        toast({ title: t('upload.uploadedTitle'), description: t('upload.transcribingInBackground') });
        setResponse(result);
        setAnsweredAt(Date.now());
        // The server decides: a recording that did get a story shows the story's progress.
        setStep((current) => (current.kind === 'upload' ? { ...current, contextOnly: false } : current));
      })
      .catch((error: unknown) => {
        messages.uploadFailure(error);
        if (mounted.current) setStep({ kind: 'record' });
      });
  };

  const transcriptionFailed = useCallback(
    (transcriptionError: string | null) => {
      transcriptionFailureToast(transcriptionError);
      onClose();
    },
    [transcriptionFailureToast, onClose],
  );

  const phase = step.kind === 'upload' ? 'uploading' : recorder.state;

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 overflow-y-auto bg-stone-950 text-stone-100"
    >
      <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 pt-6 pb-[calc(2rem+env(safe-area-inset-bottom))]">
        {step.kind === 'upload' && !step.contextOnly ? (
          <PostUploadScreen
            titleId={titleId}
            pending={upload.isPending}
            response={response}
            knownStoryId={step.knownStoryId}
            answeredAt={answeredAt}
            onBack={onClose}
            onOpenStory={onOpenStory}
            onTranscriptionFailed={transcriptionFailed}
          />
        ) : step.kind === 'choose' ? (
          <>
            <RecordingHeader titleId={titleId} title={t('context.title')} onBack={onClose} />
            <ContextChooser
              currentStoryId={request.storyId}
              onConfirm={(context) => confirm(step.recording, context)}
              onDiscard={() => setStep({ kind: 'record' })}
            />
          </>
        ) : (
          <>
            <RecordingHeader
              titleId={titleId}
              title={t('screen.label')}
              onBack={onClose}
              backBlocked={step.kind === 'upload' && upload.isPending}
              onBlockedBack={() => toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') })}
            />
            <RecorderView
              phase={phase}
              elapsedMs={recorder.elapsedMs}
              silenceShown={recorder.silenceShown}
              promptQuestion={request.promptQuestion}
              onStart={() => void recorder.start()}
              onPause={recorder.pause}
              onResume={recorder.resume}
              onStop={() => void recorder.stop()}
            />
          </>
        )}
      </div>
    </div>
  );
}
