import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GoogleSignInButton, LANDING_BUTTON } from './GoogleSignInButton.tsx';
import { mainSignIn } from './signIn.ts';
import { useAuthProviders } from '../api/authProviders.ts';

/**
 * The landing page's primary call to action: "Sign in with Google" when the server has
 * Google configured, otherwise "Get started" to Saaga's own sign-in page, so it never
 * promises a way in that is not there.
 */
export function MainSignInButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation('landing');
  const target = mainSignIn(useAuthProviders().data);
  if (target.kind === 'google') return <GoogleSignInButton className={className} />;
  return (
    <Link to={target.to} className={`${LANDING_BUTTON} ${className}`}>
      {t('signIn.getStarted')}
      <ArrowRight aria-hidden className="size-5 shrink-0" />
    </Link>
  );
}
