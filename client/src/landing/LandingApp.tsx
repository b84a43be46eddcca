import { useEffect, useMemo, useState } from 'react';
import type { AuthProviders } from '../../../contract/auth.ts';
import { SplashScreen } from '../shell/SplashScreen.tsx';
import { LandingActionsContext } from './landingActions.ts';
import { LandingPage } from './LandingPage.tsx';

function isAuthProviders(body: unknown): body is AuthProviders {
  const value = body as Partial<Record<keyof AuthProviders, unknown>> | null;
  return typeof value?.google === 'boolean' && typeof value.oidc === 'boolean' && typeof value.local === 'boolean';
}

/**
 * The landing page on its own, for a visitor this device has not seen signed in: no
 * router, data cache or schemas, so its first load stays small. The session check runs
 * after the page shows; when it finds someone signed in, or the visitor goes on to
 * another page, `onLeave` starts the whole app (at the address then current).
 */
export function LandingApp({ onLeave }: { onLeave: () => void }) {
  const [providers, setProviders] = useState<AuthProviders>();

  useEffect(() => {
    let live = true;
    fetch('/api/auth/user', { headers: { accept: 'application/json' } })
      .then((response) => live && response.ok && onLeave())
      .catch(() => undefined);
    fetch('/api/auth/providers', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: unknown) => live && isAuthProviders(body) && setProviders(body))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [onLeave]);

  const actions = useMemo(
    () => ({
      providers,
      goTo: (path: string) => {
        window.history.pushState(null, '', path);
        onLeave();
      },
    }),
    [providers, onLeave],
  );
  return (
    <LandingActionsContext.Provider value={actions}>
      <LandingPage />
      <SplashScreen />
    </LandingActionsContext.Provider>
  );
}
