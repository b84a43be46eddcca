import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RecordingSupportProblem } from './recordingSupport.ts';

/** "Recording not supported" with the reasons this browser cannot record (spec 5). */
export function RecordingSupportBanner({ problems }: { problems: RecordingSupportProblem[] }) {
  const { t } = useTranslation('recording');
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="w-full rounded-2xl border border-amber-400/40 bg-amber-950/60 p-4 text-left text-amber-50">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-5 text-amber-300" />
        {t('support.title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-amber-100">
        {problems.map((problem) => (
          <li key={problem}>{t(`support.reasons.${problem}`)}</li>
        ))}
      </ul>
    </div>
  );
}
