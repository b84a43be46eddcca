import { useSyncExternalStore } from 'react';
import { TIMINGS } from '../../../contract/timings.ts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// One toast at a time (spec 9.5): the list holds at most the newest toast.
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Closes a toast (or the one showing); it leaves the list after the removal delay. */
export function dismissToast(id?: number): void {
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => {
    setToasts(toasts.filter((item) => item.open || (id !== undefined && item.id !== id)));
  }, TIMINGS.toastRemoveDelayMs);
}

/** Shows a toast, replacing the one showing. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  setToasts([{ ...input, id, open: true }]);
  return { id, dismiss: () => dismissToast(id) };
}

/** The toasts in the store right now. */
export function currentToasts(): ToastItem[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts to render, plus the functions that show and dismiss them. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, currentToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
