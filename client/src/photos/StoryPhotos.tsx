import type { Story } from '../api/stories.ts';
import { PhotoSection } from './PhotoSection.tsx';
import { TakenOnOfferCard } from './TakenOnOfferCard.tsx';

/** A story's photos, its cover, and the date a photo was taken offered as the story's time. */
export function StoryPhotos({ story }: { story: Story }) {
  return (
    <PhotoSection home={{ kind: 'story', id: story.id }} choice={{ role: 'cover', storedId: story.coverPhotoId }}>
      {(photos) => <TakenOnOfferCard story={story} photos={photos} />}
    </PhotoSection>
  );
}
