import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import clsx from 'clsx';
import { PenLine, SpellCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranscriptTimings } from '../../../contract/voice.ts';
import { Button } from '../ui/Button.tsx';
import { BACK_SECONDS, listeningKey } from './keys.ts';
import { lineBreaksBefore, nextSentenceStart, sentenceAt, timelineOf, type TimelineSentence, wordAt } from './timeline.ts';
import { usePlayhead } from './usePlayhead.ts';
import { type SaveTranscript, useWordCorrection } from './useWordCorrection.tsx';
import { useWordPress } from './useWordPress.ts';
import { WordCorrection } from './WordCorrection.tsx';

interface ListeningTranscriptProps {
  recordingId: number;
  ownerId: string | null;
  /** The transcript as stored; its words are the timings' words (the caller checked). */
  text: string;
  timings: TranscriptTimings;
  /** The recording's audio element (the page's player). */
  audio: RefObject<HTMLAudioElement | null>;
  save: SaveTranscript;
  saving: boolean;
  /** Opens the whole text for editing. */
  editAll: () => void;
}

/**
 * The listening editor (issue 29): the transcript follows the recording (the sentence being
 * said, and the word when the engine timed words, are marked and kept in view); a tap on a
 * word plays from it; holding a word, or "Correct a word" then a tap, opens it for correcting
 * under its sentence. Desktop keys: Space or K, J, L (keys.ts).
 */
export function ListeningTranscript(props: ListeningTranscriptProps) {
  const { t } = useTranslation('listening');
  const timeline = useMemo(() => timelineOf(props.timings), [props.timings]);
  const locate = useCallback(
    (time: number) => {
      const sentence = sentenceAt(timeline, time);
      return { sentence, word: sentence >= 0 && timeline[sentence].wordsTimed ? wordAt(timeline[sentence], time) : -1 };
    },
    [timeline],
  );
  const playhead = usePlayhead(props.audio, locate);
  const words = useMemo(() => timeline.flatMap((sentence) => sentence.words), [timeline]);
  const breaks = useMemo(() => lineBreaksBefore(props.text), [props.text]);
  const sentenceOf = (word: number) => timeline.findIndex((sentence) => sentence.words.some((w) => w.index === word));
  const [choosing, setChoosing] = useState(false);
  const correcting = useWordCorrection({ recordingId: props.recordingId, ownerId: props.ownerId, text: props.text, save: props.save, saving: props.saving });
  const open = (word: number) => {
    setChoosing(false);
    correcting.open(word);
  };
  const press = useWordPress({ onTap: (word) => (choosing ? open(word) : playhead.playFrom(words[word].start)), onHold: open });
  useListeningKeys(playhead, timeline);

  // The sentence being said stays in view as the audio goes on.
  const sentenceElements = useRef<(HTMLElement | null)[]>([]);
  useEffect(() => {
    if (playhead.playing && playhead.place.sentence >= 0) sentenceElements.current[playhead.place.sentence]?.scrollIntoView({ block: 'nearest' });
  }, [playhead.playing, playhead.place.sentence]);

  const openSentence = correcting.correction ? sentenceOf(correcting.correction.index) : -1;
  const renderSentence = (sentence: TimelineSentence, i: number) => (
    <span key={i}>
      <span
        ref={(element) => {
          sentenceElements.current[i] = element;
        }}
        aria-current={i === playhead.place.sentence ? 'true' : undefined}
        className={clsx('rounded box-decoration-clone transition-colors', i === playhead.place.sentence && 'bg-amber-300/15 text-stone-50')}
      >
        {sentence.words.map((word, w) => (
          <span key={word.index}>
            {breaks.has(word.index) ? Array.from({ length: breaks.get(word.index)! }, (_, n) => <br key={n} />) : w > 0 && ' '}
            <span
              data-word={word.index}
              className={clsx(
                'cursor-pointer rounded-sm',
                word.index === playhead.place.word && 'bg-amber-300 text-stone-950',
                word.index === correcting.correction?.index && 'outline-2 outline-amber-300',
                choosing && 'underline decoration-stone-500 decoration-dotted underline-offset-4',
              )}
            >
              {word.text}
            </span>
          </span>
        ))}
      </span>{' '}
    </span>
  );
  const textBlock = (part: TimelineSentence[], offset: number) =>
    part.length > 0 && <p className="text-lg leading-loose">{part.map((sentence, i) => renderSentence(sentence, offset + i))}</p>;

  return (
    <div className="grid gap-2">
      {correcting.around}
      <div className="flex flex-wrap gap-2">
        <Button variant={choosing ? 'secondary' : 'ghost'} aria-pressed={choosing} onClick={() => setChoosing(!choosing)} className="-ml-2">
          <SpellCheck aria-hidden className="size-4" />
          {t('correctWords')}
        </Button>
        <Button variant="ghost" onClick={props.editAll}>
          <PenLine aria-hidden className="size-4" />
          {t('editAll')}
        </Button>
      </div>
      <p className="text-sm text-stone-400">{choosing ? t('tapToCorrect') : t('tapToPlay')}</p>
      <div role="region" aria-label={t('region')} className="text-stone-200 select-none [-webkit-touch-callout:none]" {...press}>
        {openSentence < 0 ? (
          textBlock(timeline, 0)
        ) : (
          <>
            {textBlock(timeline.slice(0, openSentence + 1), 0)}
            <WordCorrection
              word={words[correcting.correction!.index].text}
              typed={correcting.correction!.text}
              savable={correcting.savable}
              saving={props.saving}
              onChange={correcting.change}
              onSave={correcting.save}
              onCancel={correcting.cancel}
              onPlaySentence={() => playhead.playSpan(timeline[openSentence].start, timeline[openSentence].end)}
            />
            {textBlock(timeline.slice(openSentence + 1), openSentence + 1)}
          </>
        )}
      </div>
      <p className="hidden text-xs text-stone-400 pointer-fine:block">{t('keys')}</p>
    </div>
  );
}

/** Space or K, J and L on the whole page while the listening editor is open (keys.ts says when not). */
function useListeningKeys(playhead: ReturnType<typeof usePlayhead>, timeline: TimelineSentence[]) {
  const latest = useRef({ playhead, timeline });
  latest.current = { playhead, timeline };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = listeningKey(event);
      if (!action) return;
      event.preventDefault();
      const { playhead, timeline } = latest.current;
      if (action === 'toggle') playhead.toggle();
      else if (action === 'back') playhead.seek(playhead.time() - BACK_SECONDS);
      else {
        const next = nextSentenceStart(timeline, playhead.time());
        if (next !== null) playhead.seek(next);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
