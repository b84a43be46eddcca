import clsx from 'clsx';

/**
 * A story's cover thumbnail in a list: a fixed square (the row keeps its size while the
 * image arrives), loaded only as it nears the screen. Decorative: the title is beside it.
 */
export function CoverThumb({ url, className }: { url: string; className?: string }) {
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      width={56}
      height={56}
      className={clsx('size-14 shrink-0 rounded-lg bg-stone-800 object-cover', className)}
    />
  );
}
