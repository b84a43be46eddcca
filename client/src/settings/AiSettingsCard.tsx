import { useId } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { honoursTemperature, STORY_MODELS, TRANSCRIPTION_MODELS } from '../../../contract/ai-settings.ts';
import { CREATIVITY_LEVELS, TONES } from '../../../contract/story-options.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { SelectField } from '../ui/Select.tsx';
import { ChoiceGroup, type Choice } from './ChoiceGroup.tsx';
import { useAiSettings } from './useAiSettings.ts';

/** The temperature slider's range (spec: 0 to 1.5 in steps of 0.1). */
const TEMPERATURE = { min: 0, max: 1.5, step: 0.1 } as const;

/** What each offered model means to a person; the model's name is only the small print. */
const TRANSCRIPTION_CHOICE: Record<(typeof TRANSCRIPTION_MODELS)[number], string> = {
  'gpt-4o-transcribe': 'accurate',
  'gpt-4o-mini-transcribe': 'fast',
  'whisper-1': 'older',
};
const STORY_CHOICE: Record<(typeof STORY_MODELS)[number], string> = {
  'gpt-5': 'best',
  'gpt-5-mini': 'fast',
  'gpt-4o': 'older',
  'gpt-4o-mini': 'olderFast',
};

/** The offered models as choices, plus the stored one when it is not among them (any compatible name works). */
function modelChoices(
  meanings: Record<string, string>,
  current: string,
  label: (meaning: string) => string,
  otherLabel: string,
): Choice<string>[] {
  const choices = Object.entries(meanings).map(([model, meaning]) => ({ value: model, label: label(meaning), detail: model }));
  return current in meanings ? choices : [...choices, { value: current, label: otherLabel, detail: current }];
}

/** AI settings kept on this device: creativity first, the tone, and which models write and transcribe. */
export function AiSettingsCard() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const [settings, update, chooseCreativity] = useAiSettings();
  const temperatureId = useId();
  // Reasoning models ignore a temperature, so the control appears only where it does something.
  const showTemperature = honoursTemperature(settings.storyGenerationModel);

  return (
    <Card title={t('ai.title')} description={t('ai.description')} icon={<Sparkles aria-hidden className="size-5" />}>
      <div className="grid gap-5">
        <ChoiceGroup
          legend={t('ai.creativity')}
          name="creativity"
          value={settings.creativity}
          choices={CREATIVITY_LEVELS.map((level) => ({
            value: level,
            label: t(`ai.creativityLevels.${level}`),
            hint: t(`ai.creativityHints.${level}`),
          }))}
          onChange={chooseCreativity}
        />
        <SelectField
          label={t('ai.tone')}
          value={settings.defaultTone}
          options={TONES.map((tone) => ({ value: tone, label: t(`ai.tones.${tone}`) }))}
          onValueChange={(value) => update('defaultTone', value)}
        />
        <ChoiceGroup
          legend={t('ai.storyModel')}
          name="storyGenerationModel"
          value={settings.storyGenerationModel}
          choices={modelChoices(STORY_CHOICE, settings.storyGenerationModel, (m) => t(`ai.storyChoices.${m}`), t('ai.otherModel'))}
          onChange={(value) => update('storyGenerationModel', value)}
        />
        {showTemperature && (
          <div className="grid gap-1.5">
            <div className="flex items-baseline justify-between">
              <label htmlFor={temperatureId} className="text-sm font-medium text-stone-200">
                {t('ai.temperature')}
              </label>
              <output htmlFor={temperatureId} className="text-sm tabular-nums text-amber-300">
                {formatNumber(settings.temperature, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
              </output>
            </div>
            <input
              id={temperatureId}
              type="range"
              min={TEMPERATURE.min}
              max={TEMPERATURE.max}
              step={TEMPERATURE.step}
              value={settings.temperature}
              onChange={(event) => update('temperature', Number(event.target.value))}
              aria-describedby={`${temperatureId}-hint`}
              className={`h-11 w-full cursor-pointer accent-amber-300 ${focusRing}`}
            />
            <p id={`${temperatureId}-hint`} className="text-xs text-stone-400">
              {t('ai.temperatureHint')}
            </p>
          </div>
        )}
        <ChoiceGroup
          legend={t('ai.transcriptionModel')}
          name="transcriptionModel"
          value={settings.transcriptionModel}
          choices={modelChoices(
            TRANSCRIPTION_CHOICE,
            settings.transcriptionModel,
            (m) => t(`ai.transcriptionChoices.${m}`),
            t('ai.otherModel'),
          )}
          onChange={(value) => update('transcriptionModel', value)}
        />
      </div>
    </Card>
  );
}
