// First: zod is told to skip its eval probe before any schema is built (see the module).
import './contentSecurityPolicy.ts';
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { currentUserSchema } from '../../contract/auth.ts';
import { CACHE_MS } from '../../contract/timings.ts';
import { CURRENT_USER_KEY } from './api/currentUser.ts';
import { createQueryClient } from './api/queryClient.ts';
import { throwIfNotOk } from './api/request.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { SplashScreen } from './shell/SplashScreen.tsx';
import { Toaster } from './ui/Toaster.tsx';
import { registerServiceWorkerWhenIdle } from './serviceWorker/registration.ts';
import { UpdateBanner } from './serviceWorker/UpdateBanner.tsx';
import { watchForInstall } from './install/installPrompt.ts';

/** A data router, so a screen can hold a navigation while it asks (the recorder's unsaved take). */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

// Once per page, as the app's code arrives: the service worker after the load (offline use,
// updates), and this visit counted for the install suggestion, whose prompt Chrome offers early.
registerServiceWorkerWhenIdle();
watchForInstall();

/** The current user from a session check already under way: null when signed out (401), as useCurrentUser reads it. */
async function readCurrentUser(sessionCheck: Promise<Response>) {
  const response = await sessionCheck;
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return currentUserSchema.parse(await response.json());
}

/** The session check's answer as main.tsx read it: the user's body, or null when signed out (401). */
export interface SessionAnswer {
  user: unknown;
}

/**
 * The app's providers (data cache, router, toasts) around its routes, under the
 * splash. `sessionCheck`: GET /api/auth/user as main.tsx started it beside the app's code,
 * so the check does not wait for that code to arrive; `sessionAnswer`: its answer, when it
 * came first, so the first render already knows who is signed in.
 */
export function App({ sessionCheck, sessionAnswer }: { sessionCheck?: Promise<Response>; sessionAnswer?: SessionAnswer }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    const known = sessionAnswer && (sessionAnswer.user === null ? { data: null } : currentUserSchema.safeParse(sessionAnswer.user));
    if (known?.data !== undefined) client.setQueryData(CURRENT_USER_KEY, known.data);
    else if (sessionCheck) void client.prefetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => readCurrentUser(sessionCheck), staleTime: CACHE_MS.currentUser });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <UpdateBanner />
      <SplashScreen />
    </QueryClientProvider>
  );
}
