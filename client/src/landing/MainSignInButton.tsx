import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GoogleSignInButton, LANDING_BUTTON } from './GoogleSignInButton.tsx';
import { mainSignIn } from './signIn.ts';
import { useLandingActions } from './landingActions.ts';

/**
 * The landing page's primary call to action: "Sign in with Google" when the server has
 * Google configured, otherwise "Get started" to Saaga's own sign-in page, so it never
 * promises a way in that is not there.
 */
export function MainSignInButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation('landing');
  const { providers, goTo } = useLandingActions();
  const target = mainSignIn(providers);
  if (target.kind === 'google') return <GoogleSignInButton className={className} />;
  return (
    <a
      href={target.to}
      onClick={(event) => {
        // A new tab or window (modifier keys) follows the link as it is.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        goTo(target.to);
      }}
      className={`${LANDING_BUTTON} ${className}`}
    >
      {t('signIn.getStarted')}
      <ArrowRight aria-hidden className="size-5 shrink-0" />
    </a>
  );
}
