import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';
import type { LeaveRule } from './recorderMachine.ts';

/**
 * Holds every way out of the recorder while leaving would lose something: links and the
 * browser's Back are blocked (the caller asks or says "please wait", then proceeds or
 * resets), and a reload or a closed tab gets the browser's own "Leave site?" question.
 * `allowed` lets the recorder's own exit through once the person has chosen.
 */
export function useLeaveGuard(rule: LeaveRule, allowed: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current && rule !== 'free' && `${currentLocation.pathname}${currentLocation.search}` !== `${nextLocation.pathname}${nextLocation.search}`,
  );

  useEffect(() => {
    if (rule === 'free') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [rule]);

  return blocker;
}
