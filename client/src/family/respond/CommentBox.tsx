import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FAMILY_COMMENT_MAX } from '../../../../contract/family.ts';
import { isFamilySignInLost, useAddComment } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';
import { useGuardedEditor } from '../../ui/useGuardedEditor.tsx';

/**
 * The box a reader writes a comment in. Typed text is guarded like every editor's (decision
 * 032): leaving asks Save (send it), Discard or Stay; a reload keeps it on the device and
 * offers it back.
 */
export function CommentBox({ storyId, reader }: { storyId: number; reader: string | null }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const fieldId = useId();
  const [text, setText] = useState('');
  const add = useAddComment(storyId);
  const dirty = text.trim() !== '';

  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      await add.mutateAsync(text.trim());
      setText('');
      return true;
    } catch (error) {
      if (!isFamilySignInLost(error)) toast({ title: t('comments.sendFailed'), description: errorText(error, { orServerMessage: true }), variant: 'destructive' });
      return false;
    }
  };
  const { guard, offer } = useGuardedEditor({
    ownerId: reader,
    draftKey: `family:story:${storyId}:comment`,
    value: text,
    dirty,
    save,
    discard: () => setText(''),
    restore: setText,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      {guard}
      {offer}
      <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
        {t('comments.label')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={FAMILY_COMMENT_MAX}
        rows={3}
        placeholder={t('comments.placeholder')}
        className="min-h-24 w-full rounded-lg border border-stone-600 bg-stone-950 px-3 py-2 text-base text-stone-50 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
      />
      <Button type="submit" className="justify-self-end" disabled={!dirty || add.isPending}>
        <Send aria-hidden className="size-4" />
        {add.isPending ? t('comments.sending') : t('comments.send')}
      </Button>
    </form>
  );
}
