import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthProviders } from '../api/authProviders.ts';
import { LandingActionsContext } from './landingActions.ts';
import { LandingPage } from './LandingPage.tsx';

/** The landing page inside the app (after signing out, or on a deep link): the app's router and data cache. */
export function LandingInApp() {
  const navigate = useNavigate();
  const providers = useAuthProviders().data;
  const actions = useMemo(() => ({ providers, goTo: (path: string) => void navigate(path) }), [providers, navigate]);
  return (
    <LandingActionsContext.Provider value={actions}>
      <LandingPage />
    </LandingActionsContext.Provider>
  );
}
