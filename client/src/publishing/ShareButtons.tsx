import type { MouseEvent, ReactNode } from 'react';
import clsx from 'clsx';
import { Link2, Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { CopyFallback } from '../ui/CopyFallback.tsx';
import { SHARE_TARGETS, type ShareTarget, sharePopupFeatures, shareUrl } from './share.ts';
import { useCopyLink } from '../ui/useCopyLink.ts';

/** The services' own names; e-mail is said in the page's language. */
const NAMES: Record<Exclude<ShareTarget, 'email'>, string> = { twitter: 'X', facebook: 'Facebook', linkedin: 'LinkedIn', whatsapp: 'WhatsApp' };

/** Brand marks as letters (the icon set has no brand logos): what a reader recognises at a glance. */
const MARKS: Record<ShareTarget, ReactNode> = {
  twitter: <span className="text-base leading-none font-bold">𝕏</span>,
  facebook: <span className="font-serif text-lg leading-none font-bold">f</span>,
  linkedin: <span className="text-sm leading-none font-bold">in</span>,
  whatsapp: <MessageCircle className="size-4" />,
  email: <Mail className="size-4" />,
};

const buttonClass = clsx(
  'flex min-h-11 items-center gap-2 rounded-lg border border-stone-700 bg-stone-900 px-3 text-sm font-medium text-stone-100 hover:bg-stone-800',
  focusRing,
);

/**
 * Share buttons (spec "Published story page", 9.6): X, Facebook, LinkedIn and WhatsApp in a
 * centred 550×420 popup, e-mail through the mail app, and copy link (with the text-area
 * fallback). Each is also a plain link, so it works in a new tab too.
 */
export function ShareButtons({ pageUrl, title, snippet }: { pageUrl: string; title: string; snippet: string }) {
  const { t } = useTranslation('publishing');
  const { copy, fallback } = useCopyLink({ copied: t('toast.copied'), failed: t('toast.copyFailed') });

  const openPopup = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    event.preventDefault();
    const popup = window.open(url, '_blank', sharePopupFeatures({ width: window.outerWidth, height: window.outerHeight, left: window.screenX, top: window.screenY }));
    if (popup) popup.opener = null;
    else window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <section aria-label={t('page.share')} className="grid gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-stone-400 uppercase">{t('page.share')}</h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {SHARE_TARGETS.map((target) => {
          const url = shareUrl(target, { pageUrl, title, snippet });
          return (
            <li key={target}>
              <a
                href={url}
                target={target === 'email' ? undefined : '_blank'}
                rel="noopener noreferrer"
                // Named by what it shows (the service), described by what it does: a name that differs from the visible text confuses voice control.
                title={t(`page.shareOn.${target}`)}
                onClick={target === 'email' ? undefined : (event) => openPopup(event, url)}
                className={buttonClass}
              >
                <span aria-hidden className="flex size-5 items-center justify-center text-amber-200">
                  {MARKS[target]}
                </span>
                {target === 'email' ? t('page.email') : NAMES[target]}
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" onClick={() => void copy(pageUrl)} className={clsx(buttonClass, 'w-full')}>
            <Link2 aria-hidden className="size-4 text-amber-200" />
            {t('page.copyLink')}
          </button>
        </li>
      </ul>
      {fallback && <CopyFallback url={pageUrl} label={t('page.copyFallback')} />}
    </section>
  );
}
