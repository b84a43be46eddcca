import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { focusRing } from '../ui/Button.tsx';
import { backFromState, backTarget } from './backTarget.ts';

interface PageHeaderProps {
  title: ReactNode;
  /** Where back leads; else the page the link here came from (backState), else the back rule (backTarget). */
  backTo?: string;
  /** Hide the back button (the home page has none). */
  hideBack?: boolean;
  actions?: ReactNode;
}

/** A page's title row with the back button. */
export function PageHeader({ title, backTo, hideBack, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  return (
    <header className="mb-6 flex min-h-11 items-center gap-2">
      {!hideBack && (
        <button
          type="button"
          onClick={() => navigate(backTo ?? backFromState(state) ?? backTarget(pathname))}
          aria-label={t('actions.back')}
          className={`-ml-2 rounded-full p-2 text-stone-200 hover:bg-stone-800 ${focusRing}`}
        >
          <ArrowLeft aria-hidden className="size-5" />
        </button>
      )}
      <h1 className="flex-1 text-2xl font-semibold text-stone-50">{title}</h1>
      {actions}
    </header>
  );
}
