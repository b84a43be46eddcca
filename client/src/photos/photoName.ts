import type { TFunction } from 'i18next';
import type { Photo } from '../api/photos.ts';

/** How a photo is named to a screen reader: its caption in quotes, else its place ("2 of 5"). */
export function photoName(t: TFunction<'photos'>, photo: Photo, position: number, total: number): string {
  return photo.caption ? t('quoted', { caption: photo.caption }) : t('photoNumber', { position, total });
}
