import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { PageHeader } from './PageHeader.tsx';

/** A detail screen while it loads: a title read out as "Loading", grey lines where the text comes. */
export function DetailLoading({ lines, backTo }: { lines: number; backTo: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={<span className="sr-only">{t('loading')}</span>} backTo={backTo} />
      <div aria-busy="true" className="grid gap-3">
        <SkeletonLines count={lines} />
      </div>
    </>
  );
}

interface DetailMessageProps {
  /** Why there is nothing to show, as the title. */
  text: string;
  backTo: string;
  backLabel: string;
}

/** A detail that cannot be shown (not found, not loaded): why, and the way back. */
export function DetailMessage({ text, backTo, backLabel }: DetailMessageProps) {
  return (
    <>
      <PageHeader title={text} backTo={backTo} />
      <Link to={backTo} className={buttonClasses('primary')}>
        {backLabel}
      </Link>
    </>
  );
}
