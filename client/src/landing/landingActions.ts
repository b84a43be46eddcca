import { createContext, useContext } from 'react';
// A type only: the landing page's light first load carries no zod.
import type { AuthProviders } from '../../../contract/auth.ts';

/** What the landing page asks of whatever runs it: the sign-in options, and a way to another page. */
export interface LandingActions {
  /** Undefined until the server has said. */
  providers: AuthProviders | undefined;
  goTo(path: string): void;
}

export const LandingActionsContext = createContext<LandingActions>({
  providers: undefined,
  goTo: (path) => window.location.assign(path),
});

export const useLandingActions = (): LandingActions => useContext(LandingActionsContext);
