import { useState } from 'react';
import { ChevronDown, EyeOff, Link2, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { groupLabels } from '../../../contract/label-groups.ts';
import { useUnlinkedLabels, type EntryKind } from '../api/people.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import { visibleLabels } from './hiddenLabels.ts';
import { LinkLabelsDialog } from './LinkLabelsDialog.tsx';
import { useHiddenLabels } from './useHiddenLabels.ts';

interface UnlinkedLabelsProps {
  kind: EntryKind;
  records: { id: number; name: string }[];
  /** Opens the add modal named after the group's first label. */
  onCreate: (labels: string[]) => void;
}

/**
 * Names found in stories but tied to no record (spec 2), similar ones grouped: create,
 * link to an existing record, or hide; the hidden ones in a collapsible section to restore.
 */
export function UnlinkedLabels({ kind, records, onCreate }: UnlinkedLabelsProps) {
  const { t } = useTranslation('people');
  const language = useLanguage();
  const labels = useUnlinkedLabels(kind, language);
  const { hidden, hide, restore } = useHiddenLabels(kind);
  const [linking, setLinking] = useState<string[] | null>(null);
  const [showHidden, setShowHidden] = useState(false);

  const groups = groupLabels(visibleLabels(labels.data ?? [], hidden));
  const headingId = `unlinked-${kind}`;
  if (labels.isError) {
    return <p className="mt-8 text-sm text-red-300">{kind === 'person' ? t('unlinked.loadFailedPeople') : t('unlinked.loadFailedPlaces')}</p>;
  }
  if (groups.length === 0 && hidden.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="mt-8 grid gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-stone-50">
          {kind === 'person' ? t('unlinked.peopleTitle') : t('unlinked.placesTitle')}
        </h2>
        {groups.length > 0 && <p className="text-sm text-stone-400">{t('unlinked.hint')}</p>}
      </div>
      <ul className="grid gap-2">
        {groups.map((group) => (
          <li
            key={group.join('|')}
            aria-label={t('unlinked.groupLabel', { labels: group.join(', ') })}
            className="grid gap-2 rounded-xl border border-stone-800 bg-stone-900/60 p-3"
          >
            <p className="flex flex-wrap gap-1.5">
              {group.map((label) => (
                <span key={label} className="rounded-full bg-stone-800 px-2.5 py-0.5 text-sm text-stone-100">
                  {label}
                </span>
              ))}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => onCreate(group)}>
                <Plus aria-hidden className="size-4" />
                {t('unlinked.create')}
              </Button>
              {records.length > 0 && (
                <Button variant="secondary" onClick={() => setLinking(group)}>
                  <Link2 aria-hidden className="size-4" />
                  {t('unlinked.link')}
                </Button>
              )}
              <Button
                variant="ghost"
                onClick={() => {
                  hide(group);
                  toast({ title: t('toast.labelHidden') });
                }}
              >
                <EyeOff aria-hidden className="size-4" />
                {t('unlinked.hide')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {hidden.length > 0 && (
        <div className="rounded-xl border border-stone-800">
          <button
            type="button"
            aria-expanded={showHidden}
            aria-controls={`${headingId}-hidden`}
            onClick={() => setShowHidden((open) => !open)}
            className={`flex min-h-11 w-full items-center justify-between px-3 text-sm font-medium text-stone-300 ${focusRing}`}
          >
            {t('hidden.title', { count: hidden.length })}
            <ChevronDown aria-hidden className={`size-4 transition-transform ${showHidden ? 'rotate-180' : ''}`} />
          </button>
          {showHidden && (
            <ul id={`${headingId}-hidden`} className="grid gap-1 px-3 pb-3">
              {hidden.map((label) => (
                <li key={label} className="flex items-center justify-between gap-2">
                  <span className="text-sm text-stone-300">{label}</span>
                  <Button
                    variant="ghost"
                    aria-label={t('hidden.showLabel', { label })}
                    onClick={() => {
                      restore(label);
                      toast({ title: t('toast.labelShown') });
                    }}
                  >
                    {t('hidden.show')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <LinkLabelsDialog kind={kind} labels={linking} records={records} onClose={() => setLinking(null)} />
    </section>
  );
}
