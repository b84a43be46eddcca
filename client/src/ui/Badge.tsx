import type { ReactNode } from 'react';
import clsx from 'clsx';
import { CalendarClock, MapPin, User, type LucideIcon } from 'lucide-react';
import { focusRing } from './Button.tsx';

const TONES = {
  person: 'border-sky-400/30 bg-sky-400/10 text-sky-100',
  place: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-100',
  time: 'border-amber-300/30 bg-amber-300/10 text-amber-100',
  plain: 'border-stone-600 bg-stone-800 text-stone-200',
} as const;

/** Every person, place and time badge shows its kind by the same icon. */
const TONE_ICONS: Partial<Record<keyof typeof TONES, LucideIcon>> = { person: User, place: MapPin, time: CalendarClock };

interface BadgeProps {
  /** The icon before the label; a person, place or time badge has its own. */
  icon?: LucideIcon;
  children: ReactNode;
  tone?: keyof typeof TONES;
  /** Makes the badge a button (a person's or place's name that opens its details). */
  onClick?: () => void;
}

/** A small label: a person, place, time, story or co-author. */
export function Badge({ icon, children, tone = 'plain', onClick }: BadgeProps) {
  const Icon = icon ?? TONE_ICONS[tone];
  const className = clsx('inline-flex max-w-full items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium', TONES[tone]);
  const content = (
    <>
      {Icon && <Icon aria-hidden className="size-3" />}
      <span className="truncate">{children}</span>
    </>
  );
  return onClick ? (
    <button type="button" onClick={onClick} className={clsx(className, 'hover:brightness-125', focusRing)}>
      {content}
    </button>
  ) : (
    <span className={className}>{content}</span>
  );
}
