import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../../contract/timings.ts';
import { CONTEXT_ONLY_TYPES, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useDataChanged } from '../api/dataChanged.ts';
import { loadLiveCapabilities } from '../api/live.ts';
import { useLiveText } from '../live/useLiveText.ts';
import { liveTextOn, readLiveTextChoice } from '../settings/liveTextSetting.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { readRecordingRequest } from '../recordings/recordingLink.ts';
import { usePhotoPrompt } from '../api/photoPrompts.ts';
import { PhotoToTellAbout } from '../photoPrompts/PhotoToTellAbout.tsx';
import { loadAiSettings } from '../settings/useAiSettings.ts';
import { toast } from '../ui/toastStore.ts';
import { ContextChooser } from './ContextChooser.tsx';
import { LeaveDialog, type LeaveChoice } from './LeaveDialog.tsx';
import { PostUploadScreen } from './PostUploadScreen.tsx';
import { INITIAL_STEP, leaveRule, nextStep, type Take } from './recorderMachine.ts';
import { RecorderView } from './RecorderView.tsx';
import type { ContextFields } from './recordingContext.ts';
import { RecordingHeader } from './RecordingHeader.tsx';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { useMicrophone } from './useMicrophone.ts';
import { useRecordingMessages } from './useRecordingMessages.ts';
import { canKeepTakes, forgetTakeQuietly } from '../microphone/unsavedTakes.ts';
import { isOffline, keepWaiting } from '../outbox/keepWaiting.ts';
import { isNetworkFailure } from '../api/request.ts';
import { recordingFields, type RecordingUpload } from './recordingUpload.ts';
import { useUploadRecording } from './useUploadRecording.ts';
import { processingSearch, processingUploadOf, readProcessingUpload, reopenedStep } from './processingLink.ts';
import { consumeRecordIntent, hasRecordIntent, sessionStore } from './recordIntent.ts';
import { useReopenedUpload } from './useReopenedUpload.ts';

const KEPT: ContextFields = { contextType: 'unassigned' };

/**
 * The recorder at /record (spec 2, 4): opened by pressing Record, it starts by itself after
 * 500 ms; reached by Back, Forward or a reload it waits for Record (recordIntent.ts). Stop
 * checks the take; the person says what it is about; it uploads; the post-upload screen follows.
 * One state machine drives it, and one rule decides what leaving means: a take the server
 * does not have yet is never dropped without the person's say (keep it for later, discard
 * it, or stay), whether they press Back, the browser's Back, a link or reload.
 */
export function RecorderPage() {
  const { t } = useTranslation('recording');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigationType = useNavigationType();
  const [request] = useState(() => readRecordingRequest(searchParams));
  // A reload of the post-upload screen: the address names the upload, shown again.
  const [reopened] = useState(() => readProcessingUpload(searchParams));
  // "Tell me about this picture" opens on the photo: the person looks first, then presses Record.
  const [autoStart] = useState(() => !reopened && request.aboutPhotoId === null && hasRecordIntent(navigationType, location.key, sessionStore()));
  const aboutPhoto = usePhotoPrompt(request.aboutPhotoId);
  // A photo that cannot be read (deleted meanwhile) is not sent: the take is kept whatever happened to the photo.
  const aboutPhotoId = aboutPhoto.isError ? null : request.aboutPhotoId;
  // The photo's story, when it has one, is offered as the story to add to.
  const currentStoryId = request.storyId ?? aboutPhoto.data?.storyId ?? null;
  const language = useLanguage();
  const titleId = useId();
  const messages = useRecordingMessages();
  const dataChanged = useDataChanged();
  const upload = useUploadRecording();
  const [step, dispatch] = useReducer(nextStep, reopened, (upload) => (upload ? reopenedStep(upload) : INITIAL_STEP));
  const { data: user } = useCurrentUser();
  const microphone = useMicrophone(step.phase === 'recording', user?.id ?? '');
  const queryClient = useQueryClient();
  // Live text is a view while the person speaks; the take is uploaded as always.
  const live = useLiveText();
  const [streaming, setStreaming] = useState(false);
  const [dialog, setDialog] = useState<{ purpose: 'leave' | 'discard'; resume: boolean } | null>(null);
  const [keeping, setKeeping] = useState(false);
  const stopping = useRef<Promise<Take | null> | null>(null);
  const starting = useRef(false);
  const leaving = useRef(false);
  const rule = leaveRule(step);
  const blocker = useLeaveGuard(rule, leaving);

  /** Out of the recorder: back where the person came from, else the story or home. */
  const exit = useCallback(
    (to?: string, replace = false) => {
      leaving.current = true;
      if (to) navigate(to, { replace });
      else if (location.key !== 'default') navigate(-1);
      else navigate(currentStoryId ? `/library/${currentStoryId}` : '/', { replace: true });
    },
    [navigate, location.key, currentStoryId],
  );

  /**
   * Record: with live text on, the streaming recorder opens its socket first (connecting),
   * then the microphone. A socket that does not open only means no live text.
   */
  const startTake = useCallback(async () => {
    const on = liveTextOn(readLiveTextChoice(window.localStorage), await loadLiveCapabilities(queryClient));
    setStreaming(on);
    let onChunk: ((chunk: Blob, mimeType: string) => void) | undefined;
    if (on) {
      dispatch({ type: 'connecting' });
      if (await live.connect()) onChunk = live.sendChunk;
      if (leaving.current) return live.close();
    }
    const failure = await microphone.start({ onChunk });
    if (failure) {
      live.reset();
      messages.recorderFailure(failure);
      dispatch({ type: 'failed' });
    } else if (microphone.isOpen()) dispatch({ type: 'started' });
    else live.close();
  }, [microphone, messages, live, queryClient]);

  const start = useCallback(async () => {
    // One start at a time: a tap while the automatic start is under way (or after it) changes nothing.
    if (starting.current || microphone.isOpen()) return;
    starting.current = true;
    try {
      await startTake();
    } finally {
      starting.current = false;
    }
  }, [startTake, microphone]);

  useEffect(() => {
    if (!autoStart) return;
    const timer = window.setTimeout(() => {
      consumeRecordIntent(location.key, sessionStore());
      void start();
    }, TIMINGS.recordingAutoStartMs);
    return () => window.clearTimeout(timer);
    // Once, when the recorder opens after a press of Record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once the server has an upload that writes or adds to a story, the address names it:
  // a reload shows this screen again, never a new recorder.
  const processing = processingUploadOf(step);
  useEffect(() => {
    // Skip or Save pressed while the upload was still out leaves in the same moment: no address to name.
    if (!processing || leaving.current) return;
    const search = processingSearch(processing);
    if (location.search !== search) navigate({ search }, { replace: true });
    // The upload's own fields decide; a new object each render is the same upload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [processing?.recordingId, processing?.storyId, processing?.writesStory]);
  // A reopened upload that is gone (deleted, another account's): home.
  useReopenedUpload(reopened, () => exit('/', true));

  // The title takes the focus when the step changes, so a screen reader hears where it is.
  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [step.phase, titleId]);

  const stop = () => {
    dispatch({ type: 'stopping' });
    stopping.current = microphone.stop().then((result) => {
      // The recorder has given its last chunk: the stream ends (its text stays in view).
      void live.end();
      if ('failure' in result) {
        live.reset();
        messages.recorderFailure(result.failure);
        dispatch({ type: 'failed' });
        return null;
      }
      dispatch({ type: 'checked', take: result.take });
      return result.take;
    });
  };

  /**
   * Sends the take; on failure it stays here (back at the chooser) to send again or keep. With
   * no network (the browser says so, or the upload could not reach the server) it waits on
   * this device with everything it uploads with, and goes up by itself later (issue 31).
   */
  const send = async (take: Take, context: ContextFields): Promise<RecordingUploadResponse | 'waiting' | null> => {
    dispatch({ type: 'contextChosen', context });
    const recording: RecordingUpload = {
      ...take,
      settings: loadAiSettings(),
      appLanguage: language,
      context,
      promptQuestion: request.promptQuestion,
      questionId: request.questionId,
      aboutPhotoId,
      userAgent: navigator.userAgent,
      takeId: take.copyId,
    };
    // Who the take may wait for: a signed-in user on a browser that can keep takes.
    const owner = user && canKeepTakes() ? user.id : null;
    try {
      if (owner && isOffline()) return await keepForLater(take, recording, owner);
      const response = await upload.mutateAsync(recording);
      dataChanged();
      await forgetTakeQuietly(take.copyId);
      dispatch({ type: 'uploaded', response, answeredAt: Date.now() });
      return response;
    } catch (error) {
      if (owner && isNetworkFailure(error)) {
        const kept = await keepForLater(take, recording, owner).catch(() => null);
        if (kept) return kept;
      }
      messages.uploadFailure(error);
      dispatch({ type: 'uploadFailed' });
      return null;
    }
  };

  /** The take into the waiting list; the recorder's work is done. */
  const keepForLater = async (take: Take, recording: RecordingUpload, ownerId: string): Promise<'waiting'> => {
    await keepWaiting(take, ownerId, recordingFields(recording));
    dispatch({ type: 'keptWaiting' });
    toast({ title: t('outbox:kept.title'), description: t('outbox:kept.description') });
    return 'waiting';
  };

  const confirm = async (take: Take, context: ContextFields) => {
    const response = await send(take, context);
    if (!response) return;
    if (response === 'waiting') exit();
    else if (response.isContextOnly) {
      toast(
        context.contextType === 'unassigned'
          ? { title: t('leave.kept'), description: t('leave.keptWhere') }
          : { title: t('upload.successful'), description: t('upload.contextSaved') },
      );
      exit();
    } else {
      toast({ title: t('upload.uploadedTitle'), description: t('upload.transcribingInBackground') });
    }
  };

  /** The take as it is now: the checked one, the one being checked, or the open microphone's. */
  const currentTake = async (): Promise<Take | null> => {
    if (step.phase === 'stopped') return step.take;
    if (step.phase === 'analyzing') return stopping.current ? await stopping.current : null;
    if (step.phase === 'recording' || step.phase === 'paused') {
      live.close();
      const take = await microphone.keepAsIs();
      if (take) {
        dispatch({ type: 'stopping' });
        dispatch({ type: 'checked', take });
      } else dispatch({ type: 'failed' });
      return take;
    }
    return null;
  };

  const askToLeave = (purpose: 'leave' | 'discard') => {
    const resume = step.phase === 'recording';
    if (resume) {
      microphone.pause();
      live.pause();
      dispatch({ type: 'paused' });
    }
    setDialog({ purpose, resume });
  };

  /** Back (the arrow): free, please wait, or ask. */
  const back = () => {
    if (rule === 'free') return exit();
    if (rule === 'wait') return toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') });
    askToLeave('leave');
  };

  // The browser's Back or a link while a take is here: the same question, or please wait.
  useEffect(() => {
    if (blocker.state !== 'blocked' || dialog) return;
    if (rule === 'wait') {
      toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') });
      blocker.reset();
    } else askToLeave('leave');
    // askToLeave reads the current step; this runs when a navigation is blocked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  const goOn = () => (blocker.state === 'blocked' ? blocker.proceed() : exit());

  const choose = async (choice: LeaveChoice) => {
    const purpose = dialog?.purpose;
    if (choice === 'stay') {
      if (dialog?.resume) {
        microphone.resume();
        live.resume();
        dispatch({ type: 'resumed' });
      }
      setDialog(null);
      if (blocker.state === 'blocked') blocker.reset();
      return;
    }
    if (choice === 'discard') {
      if (step.phase === 'stopped') await forgetTakeQuietly(step.take.copyId);
      live.reset();
      await microphone.discard();
      dispatch({ type: 'discarded' });
      setDialog(null);
      if (purpose === 'leave') {
        leaving.current = true;
        goOn();
      } else if (blocker.state === 'blocked') blocker.reset();
      return;
    }
    setKeeping(true);
    const take = await currentTake();
    const response = take ? await send(take, KEPT) : null;
    setKeeping(false);
    setDialog(null);
    if (take && !response) {
      // Not kept (the upload failed and said why): the take stays here.
      if (blocker.state === 'blocked') blocker.reset();
      return;
    }
    if (response && response !== 'waiting') toast({ title: t('leave.kept'), description: t('leave.keptWhere') });
    // Kept (or nothing was recorded): the recorder's work is done, whichever question was asked.
    leaving.current = true;
    goOn();
  };

  // The story takes the recorder's place in history: Back goes where the person came from.
  const openStory = (storyId: number) => exit(`/library/${storyId}`, true);
  const showsPostUpload =
    (step.phase === 'uploading' && !CONTEXT_ONLY_TYPES.includes(step.context.contextType)) ||
    (step.phase === 'done' && !step.response.isContextOnly);

  return (
    <main className="min-h-dvh bg-stone-950 text-stone-100">
      <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 pt-6 pb-[calc(2rem+env(safe-area-inset-bottom))]">
        {showsPostUpload && (step.phase === 'uploading' || step.phase === 'done') ? (
          <PostUploadScreen titleId={titleId} step={step} onBack={back} onOpenStory={openStory} />
        ) : step.phase === 'stopped' ? (
          <>
            <RecordingHeader titleId={titleId} title={t('context.title')} onBack={back} />
            <ContextChooser
              currentStoryId={currentStoryId}
              chosen={step.context}
              onConfirm={(context) => void confirm(step.take, context)}
              onDiscard={() => askToLeave('discard')}
            />
          </>
        ) : (
          <>
            <RecordingHeader
              titleId={titleId}
              title={t('screen.label')}
              onBack={back}
              backBlocked={rule === 'wait'}
              onBlockedBack={() => toast({ title: t('upload.pleaseWait'), description: t('upload.stillUploading') })}
            />
            <RecorderView
              phase={step.phase}
              elapsedMs={microphone.elapsedMs}
              silenceShown={microphone.silenceShown}
              promptQuestion={request.promptQuestion}
              photo={request.aboutPhotoId !== null ? <PhotoToTellAbout photoId={request.aboutPhotoId} compact={step.phase !== 'idle'} /> : undefined}
              onStart={() => void start()}
              live={streaming ? { text: live.text, status: live.status } : undefined}
              onPause={() => {
                microphone.pause();
                live.pause();
                dispatch({ type: 'paused' });
              }}
              onResume={() => {
                microphone.resume();
                live.resume();
                dispatch({ type: 'resumed' });
              }}
              onStop={stop}
            />
          </>
        )}
      </div>
      <LeaveDialog open={dialog !== null} purpose={dialog?.purpose ?? 'leave'} saving={keeping} resumes={dialog?.resume ?? false} onChoose={(choice) => void choose(choice)} />
    </main>
  );
}
