import { useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usageSchema } from '../../../contract/usage.ts';
import { getJson } from '../api/request.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { Bar } from '../ui/Bar.tsx';
import { Card } from '../ui/Card.tsx';

/** This month's transcribed words (GET /api/usage), fresh each time Settings opens. */
function useUsage() {
  return useQuery({
    queryKey: ['/api/usage'],
    queryFn: async () => usageSchema.parse(await getJson<unknown>('/api/usage')),
    staleTime: 0,
  });
}

/** Usage card: words transcribed this month against the free plan. Shown only: nothing is blocked over the limit. */
export function UsageCard() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const usage = useUsage();
  const data = usage.data;

  return (
    <Card title={t('usage.title')} description={t('usage.description')} icon={<Gauge aria-hidden className="size-5" />}>
      {data ? (
        <UsageMeter
          used={data.wordsUsed}
          limit={data.limit}
          label={t('usage.meter', { used: formatNumber(data.wordsUsed, language), limit: formatNumber(data.limit, language) })}
          over={data.wordsUsed > data.limit ? t('usage.overLimit', { limit: formatNumber(data.limit, language) }) : null}
        />
      ) : usage.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-sm text-red-100">{t('usage.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void usage.refetch()}>
            {t('usage.retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('usage.loading')} className="h-12 animate-pulse rounded-lg bg-stone-800" />
      )}
    </Card>
  );
}

function UsageMeter({ used, limit, label, over }: { used: number; limit: number; label: string; over: string | null }) {
  return (
    <div className="grid gap-2">
      <Bar role="meter" label={label} valueText={label} value={used} max={limit} over={over !== null} />
      <p className="text-sm text-stone-200">{label}</p>
      {over && <p className="text-sm text-amber-200">{over}</p>}
    </div>
  );
}
