import { useId } from 'react';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';

interface WordCorrectionProps {
  /** The word as the transcript has it. */
  word: string;
  typed: string;
  savable: boolean;
  saving: boolean;
  onChange: (typed: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onPlaySentence: () => void;
}

/**
 * The box under a sentence where one word is corrected: the word to type over, "Play this
 * sentence again" to hear it once more, Save and Cancel, each a full-width thumb target at
 * phone size. Enter saves, Escape cancels.
 */
export function WordCorrection(props: WordCorrectionProps) {
  const { t } = useTranslation('listening');
  const { t: common } = useTranslation();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  return (
    <div className="my-3 grid gap-3 rounded-xl border border-amber-300/40 bg-stone-900 p-3 text-base select-text">
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
        {t('correct.label', { word: props.word })}
      </label>
      <Input
        id={fieldId}
        value={props.typed}
        autoFocus
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        aria-describedby={hintId}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') props.onSave();
          if (event.key === 'Escape') props.onCancel();
        }}
      />
      <p id={hintId} className="-mt-1 text-xs text-stone-400">
        {t('correct.emptyRemoves')}
      </p>
      <Button variant="secondary" onClick={props.onPlaySentence}>
        <RotateCcw aria-hidden className="size-4" />
        {t('correct.playAgain')}
      </Button>
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={props.onSave} disabled={!props.savable || props.saving}>
          {common('actions.save')}
        </Button>
        <Button variant="ghost" onClick={props.onCancel} disabled={props.saving}>
          {common('actions.cancel')}
        </Button>
      </div>
    </div>
  );
}
