import { SHARE_POPUP } from '../../../contract/publishing.ts';

/** The places a published story can be shared to (spec "Published story page"); copy link is its own button. */
export const SHARE_TARGETS = ['twitter', 'facebook', 'linkedin', 'whatsapp', 'email'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The address that shares the page at `pageUrl` to a target, with the story's title and snippet. */
export function shareUrl(target: ShareTarget, story: { pageUrl: string; title: string; snippet: string }): string {
  const url = encodeURIComponent(story.pageUrl);
  const title = encodeURIComponent(story.title);
  switch (target) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${title}&url=${url}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${story.title}\n${story.pageUrl}`)}`;
    case 'email':
      return `mailto:?subject=${title}&body=${encodeURIComponent(`${story.snippet}\n\n${story.pageUrl}`)}`;
  }
}

/** window.open features of a 550×420 share popup centred on the browser window (opener cut by the caller). */
export function sharePopupFeatures(around: { width: number; height: number; left?: number; top?: number }): string {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round((around.left ?? 0) + (around.width - width) / 2));
  const top = Math.max(0, Math.round((around.top ?? 0) + (around.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top}`;
}
