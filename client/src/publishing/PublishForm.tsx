import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TTS_SPEED, DEFAULT_TTS_VOICE } from '../../../contract/ai-settings.ts';
import { type PublishBody, SLUG_MAX_LENGTH, TTS_SPEEDS, TTS_VOICES } from '../../../contract/publishing.ts';
import { useNarratorAdapter } from '../api/publishing.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { SelectField } from '../ui/Select.tsx';
import { SwitchField } from '../ui/SwitchField.tsx';
import { customSlugOf, slugProblem } from './slug.ts';

type Voice = (typeof TTS_VOICES)[number];

interface PublishFormProps {
  onPublish: (body: PublishBody) => void;
  /** Why it cannot be published now (the story is still being written); the form waits. */
  disabled: boolean;
}

const voiceName = (voice: string) => voice.charAt(0).toUpperCase() + voice.slice(1);

/**
 * Publishing a story (spec "Story detail" publish card, 7.6, 9.3): an optional custom link
 * checked as the server checks it, narration on by default with its voice and speed, the
 * choice to let readers hear it in one's own voice (off by default), Publish.
 */
export function PublishForm({ onPublish, disabled }: PublishFormProps) {
  const { t } = useTranslation('publishing');
  const language = useLanguage();
  const narrator = useNarratorAdapter();
  const [slug, setSlug] = useState('');
  const [checked, setChecked] = useState(false);
  const [narration, setNarration] = useState(true);
  const [voice, setVoice] = useState<Voice>(DEFAULT_TTS_VOICE as Voice);
  const [speed, setSpeed] = useState<number>(DEFAULT_TTS_SPEED);
  // The person's own recordings go public only when they say so (issue 29).
  const [hearVoice, setHearVoice] = useState(false);
  const slugId = useId();

  const problem = slugProblem(slug);
  const slugError =
    checked && problem ? (problem === 'tooLong' ? t('form.slugTooLong', { max: SLUG_MAX_LENGTH }) : t('form.slugPattern')) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem) {
      document.getElementById(slugId)?.focus();
      return;
    }
    onPublish({ customSlug: customSlugOf(slug), generateAudio: narration, ttsOptions: { voice, speed }, hearVoice });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={disabled} className="grid gap-4 disabled:opacity-60">
        <Field
          id={slugId}
          label={t('form.slug')}
          hint={t('form.slugHint')}
          error={slugError}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          onBlur={() => setChecked(slug.trim() !== '')}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="url"
        />
        <SwitchField label={t('form.narration')} hint={t('form.narrationHint')} checked={narration} onChange={setNarration} />
        {narration && (
          <div className="grid gap-4 sm:grid-cols-2">
            {narrator === 'local' ? (
              <p className="text-sm text-stone-400 sm:col-span-2">{t('form.localVoice')}</p>
            ) : (
              <SelectField
                label={t('form.voice')}
                value={voice}
                options={TTS_VOICES.map((value) => ({ value, label: voiceName(value) }))}
                onValueChange={setVoice}
                disabled={disabled}
              />
            )}
            <SelectField
              label={t('form.speed')}
              value={String(speed)}
              options={TTS_SPEEDS.map((value) => ({ value: String(value), label: t('form.speedValue', { speed: formatNumber(value, language) }) }))}
              onValueChange={(value) => setSpeed(Number(value))}
              disabled={disabled}
            />
          </div>
        )}
        <SwitchField label={t('form.hearVoice')} hint={t('form.hearVoiceHint')} checked={hearVoice} onChange={setHearVoice} />
        <Button type="submit" className="justify-self-start">
          {t('form.publish')}
        </Button>
      </fieldset>
    </form>
  );
}
