import { useEffect, useRef } from 'react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { enrichedInfoLanguage } from '../../../contract/enriched-language.ts';
import { useRefreshInfo, type EntryKind } from '../api/people.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';

// The spec's order of the fields (spec 3), whatever order the server's object has.
const FIELD_ORDER = [
  'personality', 'values', 'interests', 'relationshipDynamics', 'background', 'physicalDescription', 'notableQuotes',
  'atmosphere', 'physicalFeatures', 'activities', 'memories', 'emotionalConnection', 'culturalSignificance', 'timeContext',
];
const fieldOrder = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);

interface EnrichedInfoProps {
  kind: EntryKind;
  id: number;
  info: unknown;
  /** The detail read says the information is being rebuilt. */
  refreshing: boolean;
  /** Why the last refresh failed, or null. */
  refreshError: string | null;
}

/**
 * "Information gathered from recordings" with Refresh (spec 2, 4): disabled and
 * "Refreshing..." while the server rebuilds it; headings in Finnish when the values are.
 */
export function EnrichedInfo({ kind, id, info, refreshing, refreshError }: EnrichedInfoProps) {
  const { t, i18n } = useTranslation('people');
  const refresh = useRefreshInfo(kind, id);
  const errorText = useErrorText();
  const busy = refreshing || refresh.isPending;
  const heading = i18n.getFixedT(enrichedInfoLanguage(info), 'people');

  // The refresh runs as a job: its end shows as the detail no longer refreshing.
  const wasRefreshing = useRef(refreshing);
  useEffect(() => {
    if (wasRefreshing.current && !refreshing) {
      if (refreshError) toast({ title: t('toast.error'), description: t('toast.refreshFailed'), variant: 'destructive' });
      else toast({ title: t('toast.refreshed'), description: kind === 'person' ? t('toast.personRefreshedText') : t('toast.placeRefreshedText') });
    }
    wasRefreshing.current = refreshing;
  }, [refreshing, refreshError, kind, t]);

  const entries =
    info && typeof info === 'object'
      ? Object.entries(info as Record<string, unknown>)
          .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== ''))
          .sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))
      : [];

  return (
    <section aria-labelledby={`enriched-${kind}-${id}`} className="grid gap-3 border-t border-stone-800 pt-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`enriched-${kind}-${id}`} className="flex items-center gap-2 text-sm font-semibold text-stone-100">
          <Sparkles aria-hidden className="size-4 text-amber-300" />
          {t('detail.enrichedTitle')}
        </h3>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() =>
            refresh.mutate(undefined, {
              // Nothing recorded yet says so; any other failure is the spec's sentence.
              onError: (error) => {
                const description = error instanceof ApiRequestError && error.code === 'nothing_to_enrich' ? `${t('toast.refreshFailed')} ${errorText(error)}` : t('toast.refreshFailed');
                toast({ title: t('toast.error'), description, variant: 'destructive' });
              },
            })
          }
        >
          <RefreshCw aria-hidden className={busy ? 'size-4 animate-spin' : 'size-4'} />
          {busy ? t('detail.refreshing') : t('detail.refresh')}
        </Button>
      </div>
      {refreshError && !busy && (
        <p role="note" className="rounded-lg border border-amber-300/30 bg-amber-300/5 px-3 py-2 text-sm text-amber-100">
          {t('detail.refreshFailedNote')}
        </p>
      )}
      {typeof info === 'string' && info.trim() !== '' ? (
        <p className="text-sm whitespace-pre-line text-stone-200">{info}</p>
      ) : entries.length > 0 ? (
        <dl className="grid gap-3">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs font-medium tracking-wide text-stone-400 uppercase">{heading(`enriched.${key}`, { defaultValue: key })}</dt>
              <dd className="mt-0.5 text-sm text-stone-200">
                {Array.isArray(value) ? (
                  <ul className="list-disc pl-5">
                    {value.map((item, index) => (
                      <li key={index}>{String(item)}</li>
                    ))}
                  </ul>
                ) : (
                  String(value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-stone-400">{t('detail.enrichedEmpty')}</p>
      )}
    </section>
  );
}
