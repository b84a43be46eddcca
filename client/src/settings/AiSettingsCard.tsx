import { useId, type ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STORY_MODELS, TRANSCRIPTION_MODELS } from '../../../contract/ai-settings.ts';
import { CREATIVITY_LEVELS, TONES } from '../../../contract/story-options.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Select, type SelectOption } from '../ui/Select.tsx';
import { useAiSettings } from './useAiSettings.ts';

/** The temperature slider's range (spec: 0 to 1.5 in steps of 0.1). */
const TEMPERATURE = { min: 0, max: 1.5, step: 0.1 } as const;

/** Model options, plus the stored one when it is not in the list (any compatible name works). */
function modelOptions(models: readonly string[], current: string): SelectOption<string>[] {
  const names = models.includes(current) ? models : [...models, current];
  return names.map((name) => ({ value: name, label: name }));
}

function SettingRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-200">
        {label}
      </label>
      {children}
    </div>
  );
}

/** AI settings kept on this device: tone, creativity, models and temperature for new stories. */
export function AiSettingsCard() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const [settings, update] = useAiSettings();
  const ids = { tone: useId(), creativity: useId(), transcription: useId(), story: useId(), temperature: useId() };

  return (
    <Card title={t('ai.title')} description={t('ai.description')} icon={<Sparkles aria-hidden className="size-5" />}>
      <div className="grid gap-4">
        <SettingRow id={ids.tone} label={t('ai.tone')}>
          <Select
            id={ids.tone}
            value={settings.defaultTone}
            options={TONES.map((tone) => ({ value: tone, label: t(`ai.tones.${tone}`) }))}
            onValueChange={(value) => update('defaultTone', value)}
          />
        </SettingRow>
        <SettingRow id={ids.creativity} label={t('ai.creativity')}>
          <Select
            id={ids.creativity}
            value={settings.creativity}
            options={CREATIVITY_LEVELS.map((level) => ({ value: level, label: t(`ai.creativityLevels.${level}`) }))}
            onValueChange={(value) => update('creativity', value)}
          />
        </SettingRow>
        <SettingRow id={ids.transcription} label={t('ai.transcriptionModel')}>
          <Select
            id={ids.transcription}
            value={settings.transcriptionModel}
            options={modelOptions(TRANSCRIPTION_MODELS, settings.transcriptionModel)}
            onValueChange={(value) => update('transcriptionModel', value)}
          />
        </SettingRow>
        <SettingRow id={ids.story} label={t('ai.storyModel')}>
          <Select
            id={ids.story}
            value={settings.storyGenerationModel}
            options={modelOptions(STORY_MODELS, settings.storyGenerationModel)}
            onValueChange={(value) => update('storyGenerationModel', value)}
          />
        </SettingRow>
        <div className="grid gap-1.5">
          <div className="flex items-baseline justify-between">
            <label htmlFor={ids.temperature} className="text-sm font-medium text-stone-200">
              {t('ai.temperature')}
            </label>
            <output htmlFor={ids.temperature} className="text-sm tabular-nums text-amber-300">
              {formatNumber(settings.temperature, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </output>
          </div>
          <input
            id={ids.temperature}
            type="range"
            min={TEMPERATURE.min}
            max={TEMPERATURE.max}
            step={TEMPERATURE.step}
            value={settings.temperature}
            onChange={(event) => update('temperature', Number(event.target.value))}
            aria-describedby={`${ids.temperature}-hint`}
            className={`h-11 w-full cursor-pointer accent-amber-300 ${focusRing}`}
          />
          <p id={`${ids.temperature}-hint`} className="text-xs text-stone-400">
            {t('ai.temperatureHint')}
          </p>
        </div>
      </div>
    </Card>
  );
}
