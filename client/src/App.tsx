// First: zod is told to skip its eval probe before any schema is built (see the module).
import './contentSecurityPolicy.ts';
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import * as Tooltip from '@radix-ui/react-tooltip';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { TIMINGS } from '../../contract/timings.ts';
import { createQueryClient } from './api/queryClient.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { SplashScreen } from './shell/SplashScreen.tsx';
import { Toaster } from './ui/Toaster.tsx';

/** A data router, so a screen can hold a navigation while it asks (the recorder's unsaved take). */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

/** The app's providers (data cache, tooltips, router, toasts) around its routes, under the splash. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TIMINGS.tooltipDelayMs} skipDelayDuration={TIMINGS.tooltipSkipDelayMs}>
        <RouterProvider router={router} />
        <Toaster />
        <SplashScreen />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
