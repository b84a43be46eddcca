import clsx from 'clsx';
import { avatarColour, avatarInitials } from './avatar.ts';

/**
 * A round badge: the person's portrait when they have one, else the name's initials in its
 * colour. Decorative: the name is next to it. The same fixed size either way, so a list does
 * not move while portraits arrive.
 */
export function EntryAvatar({ name, photoUrl, className }: { name: string; photoUrl?: string | null; className?: string }) {
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={44}
        height={44}
        className={clsx('size-11 shrink-0 rounded-full bg-stone-800 object-cover', className)}
      />
    );
  }
  return (
    <span aria-hidden className={clsx('flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold', avatarColour(name), className)}>
      {avatarInitials(name)}
    </span>
  );
}
