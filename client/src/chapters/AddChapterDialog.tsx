import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAPTER_DESCRIPTION_MAX, CHAPTER_TITLE_MAX, SUGGESTED_CHAPTERS, type SuggestedChapter } from '../../../contract/chapters.ts';
import { useCreateChapter } from '../api/chapters.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { TextAreaField } from '../people/FormFields.tsx';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { SelectField } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import { useChapterFailure } from './chapterErrors.ts';

interface AddChapterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the new chapter goes: after the last one shown. */
  orderIndex: number;
  onCreated?: (id: number) => void;
}

/**
 * The add-chapter form (spec 2, Collections): a suggested chapter fills the title with its
 * longer naming, in the interface language; Save needs a non-empty trimmed title (spec 5).
 */
export function AddChapterDialog({ open, onOpenChange, orderIndex, onCreated }: AddChapterDialogProps) {
  const { t } = useTranslation('chapters');
  const { t: tCommon } = useTranslation();
  const language = useLanguage();
  const user = useCurrentUser().data;
  const create = useCreateChapter();
  const failed = useChapterFailure();
  const [suggestion, setSuggestion] = useState<SuggestedChapter | ''>('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [triedBlank, setTriedBlank] = useState(false);

  // Each opening starts empty.
  useEffect(() => {
    if (!open) return;
    setSuggestion('');
    setTitle('');
    setDescription('');
    setTriedBlank(false);
  }, [open]);

  const choose = (key: SuggestedChapter) => {
    setSuggestion(key);
    setTitle(t(`suggestions.${key}.long`));
    setTriedBlank(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setTriedBlank(true);
      return;
    }
    if (!user || create.isPending) return;
    create.mutate(
      { userId: user.id, title: title.trim(), description: description.trim() || null, orderIndex, language },
      {
        onSuccess: (chapter) => {
          toast({ title: t('toast.created') });
          onOpenChange(false);
          onCreated?.(chapter.id);
        },
        onError: (error) => failed('createFailed', error),
      },
    );
  };

  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={t('form.title')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <SelectField
          label={t('form.suggestion')}
          value={suggestion}
          placeholder={t('form.suggestionPlaceholder')}
          options={SUGGESTED_CHAPTERS.map((key) => ({ value: key, label: t(`suggestions.${key}.short`) }))}
          onValueChange={(value) => choose(value as SuggestedChapter)}
        />
        <Field
          label={t('form.titleLabel')}
          value={title}
          maxLength={CHAPTER_TITLE_MAX}
          autoComplete="off"
          onChange={(event) => {
            setTitle(event.target.value);
            if (event.target.value.trim() !== '') setTriedBlank(false);
          }}
          error={triedBlank ? t('form.titleRequired') : undefined}
        />
        <TextAreaField
          label={t('form.descriptionLabel')}
          value={description}
          maxLength={CHAPTER_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || !user}>
            {create.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
