import { useState } from 'react';
import type { EntryKind } from '../api/people.ts';
import { hideLabels, readHiddenLabels, restoreLabel } from './hiddenLabels.ts';

/** The hidden labels of one list, kept on this device, with hide and restore. */
export function useHiddenLabels(kind: EntryKind) {
  const [hidden, setHidden] = useState(() => readHiddenLabels(kind));
  return {
    hidden,
    hide: (labels: string[]) => setHidden(hideLabels(kind, labels)),
    restore: (label: string) => setHidden(restoreLabel(kind, label)),
  };
}
