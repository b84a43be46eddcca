import { photoCopySize, type PublicPhoto } from '../../../contract/photos.ts';

/** The page's column is at most 672 px (max-w-2xl) less its padding; narrower screens fill their width. */
const SIZES = '(max-width: 672px) calc(100vw - 2.5rem), 632px';

/**
 * One photo of the public page with its caption: the browser picks the thumbnail on a small
 * screen and the display copy where it needs more pixels (never the original). Its size is
 * known, so the text does not jump as it loads.
 */
export function PublishedPhoto({ photo, eager = false }: { photo: PublicPhoto; eager?: boolean }) {
  const thumb = photoCopySize(photo.width, photo.height, 'thumb');
  const display = photoCopySize(photo.width, photo.height, 'display');
  return (
    <figure className="grid gap-2">
      <img
        src={photo.urls.display}
        srcSet={`${photo.urls.thumb} ${thumb.width}w, ${photo.urls.display} ${display.width}w`}
        sizes={SIZES}
        width={display.width}
        height={display.height}
        alt={photo.caption}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="h-auto w-full rounded-xl bg-stone-900"
      />
      {photo.caption && <figcaption className="text-sm text-stone-400">{photo.caption}</figcaption>}
    </figure>
  );
}
