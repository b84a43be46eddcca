import { useEffect, useMemo, useState } from 'react';
import type { AuthProviders } from '../../../contract/auth.ts';
import { isSignedIn, readAuthProviders } from '../api/visitorReads.ts';
import { SplashScreen } from '../shell/SplashScreen.tsx';
import { LandingActionsContext } from './landingActions.ts';
import { LandingPage } from './LandingPage.tsx';

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
    isSignedIn()
      .then((signedIn) => live && signedIn && onLeave())
      .catch(() => undefined);
    readAuthProviders()
      .then((offered) => live && offered && setProviders(offered))
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
