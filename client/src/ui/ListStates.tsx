import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Button } from './Button.tsx';

/** Loading placeholders (spec 9.6: 5 rows). */
const LOADING_ROWS = 5;

interface LoadingRowsProps {
  /** Read out while loading, e.g. "Loading stories". */
  label: string;
  /** The height of a row, to match what is coming. */
  rowClassName: string;
  /** A list (ul) of rows rather than plain boxes. */
  list?: boolean;
}

/** Grey pulsing rows where a screen's list is loading. */
export function LoadingRows({ label, rowClassName, list }: LoadingRowsProps) {
  const Rows = list ? 'ul' : 'div';
  const Row = list ? 'li' : 'div';
  return (
    <Rows aria-busy="true" aria-label={label} className="grid gap-3">
      {Array.from({ length: LOADING_ROWS }, (_, index) => (
        <Row key={index} className={clsx(rowClassName, 'animate-pulse rounded-xl bg-stone-900')} />
      ))}
    </Rows>
  );
}

interface LoadFailedProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A list that could not be loaded: why, and a way to try again. */
export function LoadFailed({ message, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
      <p className="text-red-100">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** What to do about it, e.g. a link to record. */
  action: ReactNode;
}

/** A screen with nothing in it yet: an icon, what is missing and what to do. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-stone-800 bg-stone-900/60 px-6 py-12 text-center">
      {icon}
      <p className="text-lg font-medium text-stone-50">{title}</p>
      <p className="max-w-sm text-sm text-stone-400">{description}</p>
      {action}
    </div>
  );
}
