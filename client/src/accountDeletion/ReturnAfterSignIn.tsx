import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { forgetReturnAfterSignIn, peekReturnAfterSignIn } from './returnAfterSignIn.ts';

/**
 * The home page, unless a sign-in was started to come back to a screen (returnAfterSignIn.ts).
 * The screen is forgotten once this is shown, not while it renders: a render that suspends
 * (the shell's words arriving after a sign-in) is thrown away and made again, and would have
 * found it gone.
 */
export function ReturnAfterSignIn({ children }: { children: ReactNode }) {
  const [target] = useState(peekReturnAfterSignIn);
  useEffect(() => {
    if (target) forgetReturnAfterSignIn();
  }, [target]);
  return target ? <Navigate to={target} replace /> : children;
}
