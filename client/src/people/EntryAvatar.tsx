import clsx from 'clsx';
import { avatarColour, avatarInitials } from './avatar.ts';

/** A round badge with a name's initials in its colour; decorative, the name is next to it. */
export function EntryAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span aria-hidden className={clsx('flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold', avatarColour(name), className)}>
      {avatarInitials(name)}
    </span>
  );
}
