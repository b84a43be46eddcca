import clsx from 'clsx';
import { Check, CloudUpload, HardDrive, Loader2, Mic, SkipForward, Square, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveText } from '../live/liveText.ts';
import type { LiveTextStatus } from '../live/useLiveText.ts';
import { formatTimer } from '../microphone/clock.ts';
import { Button } from '../ui/Button.tsx';
import type { AnswerStatus, ConversationState } from './conversationMachine.ts';

interface ConversationViewProps {
  state: ConversationState;
  /** When the answer being recorded began; null between answers. */
  answerStartedAt: number | null;
  liveText: LiveText;
  liveStatus: LiveTextStatus;
  onNext: () => void;
  onStop: () => void;
}

const STATUS_ICONS = { speaking: Volume2, listening: Mic, thinking: Loader2, ending: Loader2 } as const;

/** The conversation under way: the question, what Saaga is doing, the words as they are said, and each answer's mark. */
export function ConversationView({ state, answerStartedAt, liveText, liveStatus, onNext, onStop }: ConversationViewProps) {
  const { t } = useTranslation('conversation');
  const turn = state.turns.at(-1);
  const phase = state.phase;
  const Icon = phase in STATUS_ICONS ? STATUS_ICONS[phase as keyof typeof STATUS_ICONS] : null;
  const answering = phase === 'listening';

  return (
    <div className="flex flex-1 flex-col gap-5 pt-4">
      {turn && (
        <section className="rounded-2xl border border-amber-300/30 bg-amber-300/10 p-5" aria-labelledby="conversation-question">
          <h2 id="conversation-question" className="text-xs font-semibold tracking-wide text-amber-300 uppercase">
            {t('asks')}
          </h2>
          <p className="mt-2 text-lg text-stone-50" data-testid="conversation-question">
            {turn.question}
          </p>
          {state.voiceFailed && <p className="mt-3 text-sm text-amber-100/80">{t('voiceFailed')}</p>}
        </section>
      )}

      <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-stone-300" data-testid="conversation-status">
        {phase === 'listening' && <span aria-hidden className="size-2.5 animate-pulse rounded-full bg-red-500" />}
        {Icon && phase !== 'listening' && <Icon aria-hidden className={clsx('size-4 text-amber-300', phase !== 'speaking' && 'animate-spin')} />}
        {t(`status.${phase}`)}
        {answering && answerStartedAt !== null && <AnswerTimer since={answerStartedAt} />}
      </p>

      {answering && (
        <div
          aria-label={t('liveLabel')}
          data-testid="conversation-live-text"
          className="min-h-24 rounded-2xl border border-stone-800 bg-stone-900/70 px-4 py-3 text-base leading-relaxed"
        >
          {liveText.finalText || liveText.partial ? (
            <p className="text-stone-100">
              {liveText.finalText}
              {liveText.finalText && liveText.partial ? ' ' : ''}
              {liveText.partial && <span className="text-stone-400 italic">{liveText.partial}</span>}
            </p>
          ) : (
            <p className="text-sm text-stone-500">{t(liveStatus === 'unavailable' || liveStatus === 'off' ? 'liveUnavailable' : 'liveWaiting')}</p>
          )}
        </div>
      )}

      {(phase === 'speaking' || phase === 'listening' || phase === 'thinking') && (
        <div className="grid gap-3">
          {answering && (
            <Button onClick={onNext} className="min-h-14 text-base">
              <SkipForward aria-hidden className="size-5" />
              {t('next')}
            </Button>
          )}
          <Button variant="secondary" onClick={onStop}>
            <Square aria-hidden className="size-4" />
            {t('stop')}
          </Button>
          {answering && <p className="text-center text-xs text-stone-500">{t('pauseHint')}</p>}
        </div>
      )}

      {state.turns.some((t) => t.answer !== 'none') && <AnswerList state={state} />}
    </div>
  );
}

/** How long the answer has been going, updated every second. */
function AnswerTimer({ since }: { since: number }) {
  const { t } = useTranslation('conversation');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span role="timer" aria-label={t('timer')} className="ml-auto text-sm tabular-nums text-stone-400">
      {formatTimer(now - since)}
    </span>
  );
}

const MARKS: Record<Exclude<AnswerStatus, 'none'>, { icon: typeof Check; className: string }> = {
  recording: { icon: Mic, className: 'text-red-300' },
  uploading: { icon: CloudUpload, className: 'text-stone-300' },
  saved: { icon: Check, className: 'text-emerald-300' },
  kept: { icon: HardDrive, className: 'text-amber-200' },
};

/** Every answer so far, with where it is: recording, saving, saved, or kept on this device. */
function AnswerList({ state }: { state: ConversationState }) {
  const { t } = useTranslation('conversation');
  return (
    <section className="grid gap-2 border-t border-stone-800 pt-4" aria-labelledby="conversation-answers">
      <h2 id="conversation-answers" className="text-xs font-semibold tracking-wide text-stone-400 uppercase">
        {t('answers')}
      </h2>
      <ol className="grid gap-2">
        {state.turns.map((turn, index) => {
          if (turn.answer === 'none') return null;
          const mark = MARKS[turn.answer];
          const MarkIcon = mark.icon;
          return (
            <li key={index} className="flex items-start gap-3 rounded-xl bg-stone-900/70 px-3 py-2" data-testid="conversation-answer">
              <span className="flex-1 text-sm text-stone-200">{turn.question}</span>
              <span className={clsx('flex shrink-0 items-center gap-1 text-xs', mark.className)}>
                <MarkIcon aria-hidden className={clsx('size-3.5', turn.answer === 'uploading' && 'animate-pulse')} />
                {t(`answer.${turn.answer}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
