import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wordsIn } from '../../../contract/voice.ts';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import { isSavableEdit } from '../ui/savableEdit.ts';
import { toast } from '../ui/toastStore.ts';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { replaceWord } from './timeline.ts';

/** A word being corrected: its number in the transcript and what the person typed. */
export interface Correction {
  index: number;
  text: string;
}

/** Saves a whole transcript and calls back as a mutation does (the transcription PATCH). */
export type SaveTranscript = (text: string, done: { onSuccess: () => void; onError: () => void }) => void;

export interface WordCorrectionOptions {
  recordingId: number;
  ownerId: string | null;
  /** The transcript as stored. */
  text: string;
  save: SaveTranscript;
  saving: boolean;
}

export interface WordCorrectionState {
  correction: Correction | null;
  /** The typed word would change the transcript and leave it not empty. */
  savable: boolean;
  open: (index: number) => void;
  change: (text: string) => void;
  save: () => void;
  /** Closes, asking first when a change would be lost. */
  cancel: () => void;
  /** The guard, the draft kept from before, the question on Cancel: render them always. */
  around: ReactNode;
}

/**
 * One word corrected in place, guarded like every editor (useGuardedEditor): while the typed
 * word is a change, leaving the page asks, the change is kept on the device, and Cancel asks
 * (Save, Discard, Stay). Saving sends the whole transcript with that word replaced, through
 * the one transcription save, so the server keeps the times (retime).
 */
export function useWordCorrection({ recordingId, ownerId, text, save, saving }: WordCorrectionOptions): WordCorrectionState {
  const { t } = useTranslation('listening');
  const [correction, setCorrection] = useState<Correction | null>(null);
  const [asking, setAsking] = useState(false);
  const words = wordsIn(text);
  const corrected = correction ? replaceWord(text, correction.index, correction.text) : null;
  const savable = corrected !== null && isSavableEdit(corrected, text);

  const submit = (toSave: string) =>
    new Promise<boolean>((resolve) =>
      save(toSave, {
        onSuccess: () => {
          setCorrection(null);
          toast({ title: t('correct.saved') });
          resolve(true);
        },
        onError: () => {
          toast({ title: t('correct.saveFailed'), variant: 'destructive' });
          resolve(false);
        },
      }),
    );

  const { guard, offer } = useGuardedEditor<Correction>({
    ownerId,
    draftKey: `recording:${recordingId}:word`,
    value: correction,
    dirty: savable,
    save: () => (corrected === null ? Promise.resolve(true) : submit(corrected)),
    discard: () => setCorrection(null),
    restore: setCorrection,
    // A kept word that is the transcript's word now, or a word it no longer has, is nothing to offer.
    isStored: (kept) => kept.index >= words.length || words[kept.index] === kept.text.trim(),
  });

  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save' && corrected !== null) await submit(corrected);
    else if (choice === 'discard') setCorrection(null);
    setAsking(false);
  };

  return {
    correction,
    savable,
    open: (index) => {
      // Another word while one is changed: the change is asked about first.
      if (savable) setAsking(true);
      else setCorrection({ index, text: words[index] ?? '' });
    },
    change: (typed) => setCorrection((current) => current && { ...current, text: typed }),
    save: () => {
      if (savable && corrected !== null && !saving) void submit(corrected);
    },
    cancel: () => (savable ? setAsking(true) : setCorrection(null)),
    around: (
      <>
        {guard}
        {offer}
        <EditorLeaveDialog open={asking} purpose="cancel" saving={saving} onChoose={(choice) => void answer(choice)} />
      </>
    ),
  };
}
