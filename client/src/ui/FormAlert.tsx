import type { ReactNode } from 'react';

/** Why a form was refused, read out as soon as it appears; nothing while there is no reason. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/60 px-3 py-2 text-sm text-red-100">
      {children}
    </p>
  );
}
