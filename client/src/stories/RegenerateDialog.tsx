import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type Language } from '../../../contract/languages.ts';
import { POINTS_OF_VIEW, STORY_STYLES, type PointOfView, type StoryStyle } from '../../../contract/story-options.ts';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { SelectField } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import { useRegenerateStory, type RegenerateOptions, type Story } from '../api/stories.ts';

interface RegenerateDialogProps {
  story: Story;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rewrite started; the story now polls until it is written. */
  /** The rewrite began; `addsToText` when the person's own text stays and only new paragraphs come. */
  onStarted: (addsToText: boolean) => void;
}

const isStyle = (value: string): value is StoryStyle => (STORY_STYLES as readonly string[]).includes(value);
const isPointOfView = (value: string): value is PointOfView => (POINTS_OF_VIEW as readonly string[]).includes(value);

function initialOptions(story: Story): RegenerateOptions {
  return {
    style: isStyle(story.storyStyle) ? story.storyStyle : 'auto',
    pointOfView: isPointOfView(story.pointOfView) ? story.pointOfView : 'first',
    language: toLanguage(story.language),
    replaceEdited: false,
  };
}

/** Which of the story the person edited by hand, for the words that say what is kept. */
function handEdits(story: Story): 'both' | 'title' | 'content' | null {
  if (story.titleEditedByHand && story.contentEditedByHand) return 'both';
  if (story.titleEditedByHand) return 'title';
  return story.contentEditedByHand ? 'content' : null;
}

/**
 * Rewrite the story (spec 2, 5): style, point of view and language, then a confirmation,
 * since the new text replaces the current one. A title or text the person edited by hand
 * is kept unless they tick "Replace my edits".
 */
export function RegenerateDialog({ story, open, onOpenChange, onStarted }: RegenerateDialogProps) {
  const { t } = useTranslation('storyDetail');
  const regenerate = useRegenerateStory(story.id);
  const [options, setOptions] = useState(() => initialOptions(story));
  const [confirming, setConfirming] = useState(false);
  const edited = handEdits(story);

  // Each opening starts from the story's current style, point of view and language.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOptions(initialOptions(story));
      setConfirming(false);
    }
  }

  const changeOpen = (next: boolean) => {
    if (regenerate.isPending) return;
    onOpenChange(next);
  };

  const start = () =>
    regenerate.mutate(options, {
      onSuccess: () => {
        onOpenChange(false);
        onStarted(story.contentEditedByHand && !options.replaceEdited);
      },
      onError: () => toast({ title: t('regenerate.failed'), variant: 'destructive' }),
    });

  if (confirming) {
    const keepsEdits = edited !== null && !options.replaceEdited;
    // A text edited by hand is never rewritten: what is new comes as new paragraphs around it.
    const description = !edited
      ? t('regenerate.confirmDescription')
      : keepsEdits
        ? t(story.contentEditedByHand ? 'regenerate.confirmAddsToText' : 'regenerate.confirmKeepsEdits')
        : t('regenerate.confirmReplacesEdits');
    return (
      <ModalDialog
        open={open}
        onOpenChange={changeOpen}
        role="alertdialog"
        title={keepsEdits ? t('regenerate.confirmTitleKeepsEdits') : t('regenerate.confirmTitle')}
        description={description}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={() => changeOpen(false)} disabled={regenerate.isPending}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={start} disabled={regenerate.isPending}>
            {regenerate.isPending ? t('regenerate.starting') : t('regenerate.confirm')}
          </Button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog open={open} onOpenChange={changeOpen} title={t('regenerate.title')} description={t('regenerate.description')}>
      <div className="grid gap-4">
        <SelectField
          label={t('regenerate.style')}
          value={options.style}
          options={STORY_STYLES.map((style) => ({ value: style, label: t(`styles.${style}`) }))}
          onValueChange={(style) => setOptions((current) => ({ ...current, style }))}
        />
        <SelectField
          label={t('regenerate.pointOfView')}
          value={options.pointOfView}
          options={POINTS_OF_VIEW.map((pointOfView) => ({ value: pointOfView, label: t(`pointsOfView.${pointOfView}`) }))}
          onValueChange={(pointOfView) => setOptions((current) => ({ ...current, pointOfView }))}
        />
        <SelectField<Language>
          label={t('regenerate.language')}
          value={options.language}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          onValueChange={(language) => setOptions((current) => ({ ...current, language }))}
        />
        {edited && (
          <div className="grid gap-3 rounded-lg border border-amber-300/40 bg-amber-300/10 p-3">
            <p className="text-sm text-stone-200">{t(`regenerate.editedByHand.${edited}`)}</p>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm text-stone-100">
              <input
                type="checkbox"
                checked={options.replaceEdited}
                onChange={(event) => setOptions((current) => ({ ...current, replaceEdited: event.target.checked }))}
                className={`size-4 shrink-0 accent-amber-300 ${focusRing}`}
              />
              {t('regenerate.replaceEdits')}
            </label>
          </div>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={() => setConfirming(true)}>{t('regenerate.submit')}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}
