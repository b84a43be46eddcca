import { useEffect, useId, useRef, useState } from 'react';
import { Loader2, MessageCircle, MicOff } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { fetchPhotoQuestion } from '../api/photoPrompts.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { PhotoToTellAbout } from '../photoPrompts/PhotoToTellAbout.tsx';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { RecordingHeader } from '../recorder/RecordingHeader.tsx';
import { useLeaveGuard } from '../recorder/useLeaveGuard.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { readConversationRequest } from './conversationLink.ts';
import { mustAskToLeave } from './conversationMachine.ts';
import { ConversationView } from './ConversationView.tsx';
import { type ConversationOutcome, useConversation } from './useConversation.ts';

/**
 * /talk, "Talk with Saaga" (beyond the spec): a spoken interview. Start (a press, so the
 * browser lets Saaga speak) opens the microphone; Saaga speaks the question, listens, and
 * asks one follow-up after each answer; Stop saves everything and opens the story. Leaving
 * mid-way asks first, and what was said is saved either way.
 */
export function ConversationPage() {
  const { t } = useTranslation('conversation');
  const { t: tPhoto } = useTranslation('photoPrompt');
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [params] = useSearchParams();
  const [request] = useState(() => readConversationRequest(params));
  const language = useLanguage();
  // From a photo (and no question of the interviewer's): the first question is about the photo.
  const fromPhoto = request.aboutPhotoId !== null && !request.question;
  const photoQuestion = useQuery({
    queryKey: ['/api/conversation/photo-question', request.aboutPhotoId, language] as const,
    queryFn: () => fetchPhotoQuestion(request.aboutPhotoId!, language),
    enabled: fromPhoto,
    staleTime: Infinity,
    retry: false,
  });
  // A photo that cannot be asked about (gone, the server not reached): Saaga's own opening, and no photo sent.
  const photoLost = fromPhoto && photoQuestion.isError;
  const opening = {
    question: request.question ?? (fromPhoto && photoQuestion.data ? photoQuestion.data.question : t('opening')),
    questionId: request.question ? request.questionId : null,
    aboutPhotoId: photoLost ? null : request.aboutPhotoId,
  };
  const waitingForQuestion = fromPhoto && photoQuestion.isPending;
  const [askLeave, setAskLeave] = useState(false);
  const conversation = useConversation(opening, { holdTurn: askLeave });
  const { state } = conversation;
  const leaving = useRef(false);
  const blocker = useLeaveGuard(mustAskToLeave(state) ? 'ask' : 'free', leaving);
  const [saving, setSaving] = useState(false);

  // The title takes the focus when the phase changes, so a screen reader hears where it is.
  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [state.phase, titleId]);

  // The browser's Back or a link mid-conversation: the same question as the back arrow.
  useEffect(() => {
    if (blocker.state === 'blocked') setAskLeave(true);
  }, [blocker.state]);

  const away = () => {
    leaving.current = true;
    if (location.key !== 'default') navigate(-1);
    else navigate('/interviewer', { replace: true });
  };

  const back = () => (mustAskToLeave(state) ? setAskLeave(true) : away());

  const announce = (outcome: ConversationOutcome) => {
    if (outcome.keptOnDevice) toast({ title: t('keptTitle'), description: t('keptDescription') });
    else if (outcome.storyId) toast({ title: t('savedTitle'), description: t('savedDescription') });
  };

  /** Stop: everything saved, then the story (or home, when nothing reached the server). */
  const stop = async () => {
    const outcome = await conversation.stop();
    announce(outcome);
    leaving.current = true;
    navigate(outcome.storyId ? `/library/${outcome.storyId}` : '/', { replace: true });
  };

  /** Leaving mid-way: the same saving as Stop, then where the person was going. */
  const leave = async () => {
    setSaving(true);
    const outcome = await conversation.stop();
    announce(outcome);
    setSaving(false);
    setAskLeave(false);
    leaving.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    else away();
  };

  const stay = () => {
    setAskLeave(false);
    if (blocker.state === 'blocked') blocker.reset();
  };

  return (
    <main className="min-h-dvh bg-stone-950 text-stone-100">
      <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 pt-6 pb-[calc(2rem+env(safe-area-inset-bottom))]">
        <RecordingHeader
          titleId={titleId}
          title={t('title')}
          onBack={back}
          backBlocked={state.phase === 'ending'}
          onBlockedBack={() => toast({ title: t('pleaseWait'), description: t('status.ending') })}
        />
        {request.aboutPhotoId !== null && !photoLost && state.phase !== 'failed' && (
          <div className="pt-4">
            <PhotoToTellAbout photoId={request.aboutPhotoId} compact={state.phase !== 'ready'} />
          </div>
        )}
        {state.phase === 'ready' ? (
          <div className="flex flex-1 flex-col gap-6 pt-6">
            <section className="rounded-2xl border border-amber-300/30 bg-amber-300/10 p-5">
              <h2 className="text-xs font-semibold tracking-wide text-amber-300 uppercase">{t('firstQuestion')}</h2>
              {waitingForQuestion ? (
                <p role="status" className="mt-2 flex items-center gap-2 text-stone-300">
                  <Loader2 aria-hidden className="size-4 animate-spin" />
                  {tPhoto('conversation.loading')}
                </p>
              ) : (
                <p className="mt-2 text-lg text-stone-50">{opening.question}</p>
              )}
            </section>
            <p className="text-stone-300">{t('intro')}</p>
            <Button onClick={() => void conversation.start()} disabled={waitingForQuestion} className="min-h-14 text-base">
              <MessageCircle aria-hidden className="size-5" />
              {t('start')}
            </Button>
          </div>
        ) : state.phase === 'failed' ? (
          <div className="grid gap-4 pt-6">
            <p role="alert" className="flex items-start gap-3 rounded-2xl border border-red-400/40 bg-stone-900 p-4 text-stone-100">
              <MicOff aria-hidden className="mt-0.5 size-5 shrink-0 text-red-300" />
              {t(`microphone.${conversation.microphoneError ?? 'start_failed'}`)}
            </p>
            <Button variant="secondary" onClick={away} className="justify-self-start">
              {t('backToInterviewer')}
            </Button>
          </div>
        ) : (
          <ConversationView
            state={state}
            answerStartedAt={conversation.answerStartedAt}
            liveText={conversation.liveText}
            liveStatus={conversation.liveStatus}
            onNext={() => void conversation.next()}
            onStop={() => void stop()}
          />
        )}
        {/* Saaga's voice: the narrated question plays here. */}
        <audio ref={conversation.voiceRef} className="hidden" data-testid="conversation-voice" />
      </div>
      <ConfirmDialog
        open={askLeave}
        onOpenChange={(open) => !open && stay()}
        title={t('leave.title')}
        description={t('leave.description')}
        confirmLabel={saving ? t('leave.saving') : t('leave.confirm')}
        onConfirm={() => void leave()}
        pending={saving}
      />
    </main>
  );
}
