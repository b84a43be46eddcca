import { useId } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STORY_MODELS, TRANSCRIPTION_MODELS } from '../../../contract/ai-settings.ts';
import { CREATIVITY_LEVELS, TONES } from '../../../contract/story-options.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { SelectField, type SelectOption } from '../ui/Select.tsx';
import { useAiSettings } from './useAiSettings.ts';

/** The temperature slider's range (spec: 0 to 1.5 in steps of 0.1). */
const TEMPERATURE = { min: 0, max: 1.5, step: 0.1 } as const;

/** Model options, plus the stored one when it is not in the list (any compatible name works). */
function modelOptions(models: readonly string[], current: string): SelectOption<string>[] {
  const names = models.includes(current) ? models : [...models, current];
  return names.map((name) => ({ value: name, label: name }));
}

/** AI settings kept on this device: tone, creativity, models and temperature for new stories. */
export function AiSettingsCard() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const [settings, update] = useAiSettings();
  const temperatureId = useId();

  return (
    <Card title={t('ai.title')} description={t('ai.description')} icon={<Sparkles aria-hidden className="size-5" />}>
      <div className="grid gap-4">
        <SelectField
          label={t('ai.tone')}
          value={settings.defaultTone}
          options={TONES.map((tone) => ({ value: tone, label: t(`ai.tones.${tone}`) }))}
          onValueChange={(value) => update('defaultTone', value)}
        />
        <SelectField
          label={t('ai.creativity')}
          value={settings.creativity}
          options={CREATIVITY_LEVELS.map((level) => ({ value: level, label: t(`ai.creativityLevels.${level}`) }))}
          onValueChange={(value) => update('creativity', value)}
        />
        <SelectField
          label={t('ai.transcriptionModel')}
          value={settings.transcriptionModel}
          options={modelOptions(TRANSCRIPTION_MODELS, settings.transcriptionModel)}
          onValueChange={(value) => update('transcriptionModel', value)}
        />
        <SelectField
          label={t('ai.storyModel')}
          value={settings.storyGenerationModel}
          options={modelOptions(STORY_MODELS, settings.storyGenerationModel)}
          onValueChange={(value) => update('storyGenerationModel', value)}
        />
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
      </div>
    </Card>
  );
}
