import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { takeReturnAfterSignIn } from './returnAfterSignIn.ts';

/** The home page, unless a sign-in was started to come back to a screen (returnAfterSignIn.ts). */
export function ReturnAfterSignIn({ children }: { children: ReactNode }) {
  const [target] = useState(takeReturnAfterSignIn);
  return target ? <Navigate to={target} replace /> : children;
}
