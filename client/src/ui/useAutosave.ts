import { useEffect, useRef, useState } from 'react';

export type AutosaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'failed';

interface AutosaveOptions<Draft, Stored, Payload> {
  /** The value as the server has it now. */
  stored: Stored;
  /** A key equal for equal stored values (the stored object may be new on every read). */
  storedKey: string;
  /** The form's fields for a stored value. */
  toDraft: (stored: Stored) => Draft;
  /** What to send for a draft: null while it is incomplete or equal to what is stored. */
  toSave: (draft: Draft, stored: Stored) => Payload | null;
  save: (payload: Payload) => Promise<unknown>;
  delayMs: number;
  onFailed: () => void;
}

/**
 * A form that saves itself a moment after the person changes it (spec 4: links after 1 s,
 * the time after 500 ms). Until the person touches it, it follows the stored value, so a
 * value saved elsewhere shows at once and is never saved back over; only the person's own
 * change is ever sent.
 */
export function useAutosave<Draft, Stored, Payload>(options: AutosaveOptions<Draft, Stored, Payload>) {
  const { stored, storedKey, toDraft, toSave, delayMs } = options;
  const [draft, setDraft] = useState<Draft>(() => toDraft(stored));
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<AutosaveState>('idle');
  const latest = useRef(options);
  latest.current = options;

  // A new stored value: shown as it is unless the person is in the middle of a change.
  const [seenKey, setSeenKey] = useState(storedKey);
  if (seenKey !== storedKey) {
    setSeenKey(storedKey);
    if (!touched) setDraft(toDraft(stored));
  }

  useEffect(() => {
    if (!touched) return;
    const payload = latest.current.toSave(draft, latest.current.stored);
    if (payload === null) return;
    setState('waiting');
    const timer = setTimeout(() => {
      setState('saving');
      latest.current.save(payload).then(
        () => {
          setTouched(false);
          setState('saved');
        },
        () => {
          setState('failed');
          latest.current.onFailed();
        },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, touched, storedKey, delayMs]);

  const change = (update: (current: Draft) => Draft) => {
    setTouched(true);
    setState('idle');
    setDraft(update);
  };

  return { draft, change, state };
}
