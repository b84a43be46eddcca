import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { isFamilySignInLost } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { useGuardedEditor } from '../../ui/useGuardedEditor.tsx';

export interface GuardedSendBoxProps {
  /** Whose drafts these are on this device (readerKey.ts), and the draft's own key. */
  reader: string | null;
  draftKey: string;
  words: { label: string; placeholder: string; send: string; sending: string; failed: string };
  maxLength: number;
  rows: number;
  /** Sends the trimmed text; throws when the server refused it. */
  send: (text: string) => Promise<unknown>;
  sending: boolean;
  onSent?: () => void;
}

/**
 * A reader's box of words to send (a comment, a question). Typed text is guarded like every
 * editor's (decision 032): leaving asks Save (send it), Discard or Stay; a reload keeps it on
 * the device and offers it back. A refusal says why, and the text stays.
 */
export function GuardedSendBox({ reader, draftKey, words, maxLength, rows, send, sending, onSent }: GuardedSendBoxProps) {
  const errorText = useErrorText();
  const fieldId = useId();
  const [text, setText] = useState('');
  const dirty = text.trim() !== '';

  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      await send(text.trim());
      setText('');
      onSent?.();
      return true;
    } catch (error) {
      if (!isFamilySignInLost(error)) toast({ title: words.failed, description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
      return false;
    }
  };
  const { guard, offer } = useGuardedEditor({ ownerId: reader, draftKey, value: text, dirty, save, discard: () => setText(''), restore: setText });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      {guard}
      {offer}
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
        {words.label}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        rows={rows}
        placeholder={words.placeholder}
        className="min-h-20 w-full rounded-lg border border-stone-600 bg-stone-950 px-3 py-2 text-base text-stone-50 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      />
      <Button type="submit" className="justify-self-end" disabled={!dirty || sending}>
        <Send aria-hidden className="size-4" />
        {sending ? words.sending : words.send}
      </Button>
    </form>
  );
}
