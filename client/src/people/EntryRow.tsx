import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { focusRing } from '../ui/Button.tsx';
import { EntryAvatar } from './EntryAvatar.tsx';

interface EntryRowProps {
  name: string;
  /** A person's portrait (its thumbnail), shown instead of the initials. */
  portraitUrl?: string | null;
  /** The relationship or the place type, as shown. */
  detail: string;
  /** An emoji before the detail (a place's type). */
  emoji?: string;
  lastMentioned?: string | null;
  mentionCount?: number;
  to: string;
  onEdit: () => void;
}

/** A person or place in the list (spec 2): name, relationship or type, last mention, mention count. */
export function EntryRow({ name, portraitUrl, detail, emoji, lastMentioned, mentionCount = 0, to, onEdit }: EntryRowProps) {
  const { t } = useTranslation('people');
  const language = useLanguage();
  return (
    <li className="flex items-center gap-2 rounded-xl border border-stone-800 bg-stone-900/70">
      <Link to={to} className={`flex min-w-0 flex-1 items-center gap-3 rounded-xl p-3 hover:bg-stone-800/60 ${focusRing}`}>
        <EntryAvatar name={name} photoUrl={portraitUrl} />
        <span className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium text-stone-50">{name}</span>
          <span className="truncate text-sm text-stone-300">
            {emoji && <span aria-hidden className="mr-1">{emoji}</span>}
            {detail}
          </span>
          <span className="text-xs text-stone-400">
            {/* "No mentions" says the count too; a count of 0 beside it would repeat it. */}
            {lastMentioned || mentionCount > 0
              ? [lastMentioned && t('row.lastMentioned', { date: formatDate(lastMentioned, language) }), t('row.mentions', { count: mentionCount })]
                  .filter(Boolean)
                  .join(' · ')
              : t('row.noMentions')}
          </span>
        </span>
      </Link>
      <button
        type="button"
        onClick={onEdit}
        aria-label={`${t('detail.edit')}: ${name}`}
        className={`mr-2 rounded-full p-2.5 text-stone-300 hover:bg-stone-800 hover:text-stone-50 ${focusRing}`}
      >
        <Pencil aria-hidden className="size-4" />
      </button>
    </li>
  );
}
