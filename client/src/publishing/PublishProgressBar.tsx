import { useTranslation } from 'react-i18next';
import type { PublishProgress } from './publishProgress.ts';

/** The publish progress (spec 4, "Publish progress"): the stage's name and percentage, and a bar. */
export function PublishProgressBar({ progress }: { progress: PublishProgress }) {
  const { t } = useTranslation('publishing');
  const stage = t(`progress.stage.${progress.stage}`);
  const percent = t('progress.percent', { percent: progress.percent });
  return (
    <div className="grid gap-2">
      <p aria-hidden className="flex justify-between text-sm text-stone-200">
        <span>{stage}</span>
        <span className="tabular-nums text-stone-400">{percent}</span>
      </p>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${stage} ${percent}`}
        className="h-2 overflow-hidden rounded-full bg-stone-800"
      >
        <div className="h-full rounded-full bg-amber-300 transition-[width] duration-500" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
