import type { ReactNode } from 'react';
import { ArrowLeft, BookOpen, MapPin, UserRound } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { FamilyStoryView } from '../../../contract/family-reading.ts';
import { toLanguage } from '../../../contract/languages.ts';
import { useOpenPhoto } from '../photos/useOpenPhoto.ts';
import { AudioPlayer } from '../recordings/AudioPlayer.tsx';
import { paragraphsOf } from '../stories/storyNames.ts';
import { temporalLabel } from '../time/temporalLabel.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { FamilyFrame, InvalidFamilyLink } from './FamilyFrame.tsx';
import { currentCircle, useCircleParam } from './FamilyReadingPage.tsx';
import { ReaderPhotoViewer } from './ReaderPhotoViewer.tsx';
import { StoryResponses } from './respond/StoryResponses.tsx';
import { isNotFound, isSignedOut, useFamilyCircles, useFamilyStory } from '../api/familyReading.ts';
import { useStoryVoice } from '../api/voice.ts';
import { hasSpans } from '../voice/spanPlayback.ts';
import { VoiceParagraph } from '../voice/VoiceParagraph.tsx';
import { VoiceProvider } from '../voice/VoiceContext.tsx';
import { WholeRecordingPlayer } from '../voice/WholeRecordingPlayer.tsx';

/**
 * /family/stories/{id}: a shared story to read and listen to: its words, when it happened, its
 * photos (full size at `?photo=`, so Back closes it), each recording in the teller's own
 * voice, the people and places it names. The reader's responses follow it.
 */
export function FamilyStoryPage() {
  const id = Number(useParams().storyId);
  const circle = useCircleParam();
  const circles = useFamilyCircles();
  const story = useFamilyStory(id);
  const current = currentCircle(circles.data, circle);
  const signedOut = [circles.error, story.error].some(isSignedOut);
  const back = `/family${circle ? `?circle=${circle}` : ''}`;

  // The storyteller opening a story of their own here: their own page has everything.
  if (story.data && !story.data.reading) return <Navigate to={`/library/${story.data.id}`} replace />;

  return (
    <FamilyFrame language={current ? toLanguage(current.language) : null}>
      {signedOut ? (
        <InvalidFamilyLink />
      ) : (
        <>
          <BackLink to={back} />
          {story.data?.reading ? <StoryArticle story={story.data} /> : <StoryState story={story} />}
        </>
      )}
    </FamilyFrame>
  );
}

function BackLink({ to }: { to: string }) {
  const { t } = useTranslation('familyReading');
  return (
    <Link to={to} className={clsx('mt-4 flex items-center gap-1 self-start rounded text-sm font-medium text-amber-200 hover:text-amber-100', focusRing)}>
      <ArrowLeft aria-hidden className="size-4" />
      {t('story.back')}
    </Link>
  );
}

function StoryState({ story }: { story: ReturnType<typeof useFamilyStory> }) {
  const { t } = useTranslation('familyReading');
  if (isNotFound(story.error)) {
    return (
      <div className="mt-12 grid justify-items-center gap-4 text-center">
        <BookOpen aria-hidden className="size-10 text-stone-500" />
        <h1 className="text-2xl font-semibold text-stone-50">{t('story.notFoundTitle')}</h1>
        <p className="max-w-sm text-stone-400">{t('story.notFoundText')}</p>
        <Link to="/family" className={buttonClasses('primary')}>
          {t('story.back')}
        </Link>
      </div>
    );
  }
  if (story.isError) return <LoadFailed message={t('story.loadFailed')} retryLabel={t('story.retry')} onRetry={() => void story.refetch()} />;
  return (
    <div aria-busy="true" aria-label={t('story.loading')} className="mt-6 grid gap-3">
      <div className="h-8 w-2/3 animate-pulse rounded bg-stone-800" />
      <SkeletonLines count={8} />
    </div>
  );
}

function StoryArticle({ story }: { story: FamilyStoryView }) {
  const { t, i18n } = useTranslation('familyReading');
  const photoView = useOpenPhoto();
  const when = temporalLabel(story, toLanguage(i18n.language));
  const [cover, ...others] = story.photos;
  const open = story.photos.find((photo) => photo.id === photoView.openId);
  const teller = story.tellerName;
  const data = useStoryVoice(story.id).data;
  const voice = data && hasSpans(data.paragraphs) ? data : undefined;
  // A recording the text follows is played by "Listen to the whole recording"; the rest here.
  const followed = new Set(voice?.recordings.map((recording) => recording.id));
  const plain = story.recordings.filter((recording) => !followed.has(recording.id));

  return (
    <VoiceProvider voice={voice} teller={{ own: false, name: teller }}>
      <article lang={story.language} className="mt-4 grid gap-8">
        <header className="grid gap-2">
          <h1 className="font-serif text-3xl leading-tight font-semibold text-stone-50">{story.title}</h1>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-400">
            {when && <span className="text-amber-200">{when}</span>}
            {story.chapter && <span>{t('story.chapter', { title: story.chapter.title })}</span>}
          </p>
        </header>

        {cover && <PhotoButton photo={cover} n={1} count={story.photos.length} onOpen={() => photoView.open(cover.id)} large />}

        {plain.length > 0 && (
          <section aria-label={t('story.listen')} className="grid gap-3">
            {plain.map((recording, index) => (
              <div key={recording.id} className="grid gap-1.5">
                <p className="text-sm font-medium text-stone-300">
                  {recording.contributorName
                    ? t('story.contributorVoice', { name: recording.contributorName })
                    : teller
                      ? t('story.tellerVoice', { teller })
                      : t('story.tellerVoiceNoName')}
                  {plain.length > 1 && <span className="text-stone-500"> · {t('story.recording', { n: index + 1 })}</span>}
                </p>
                <AudioPlayer src={recording.audioUrl} storedDuration={recording.duration} />
              </div>
            ))}
          </section>
        )}

        <WholeRecordingPlayer />

        <div className="grid gap-4 font-serif text-lg leading-relaxed text-stone-100">
          {paragraphsOf(story.content).map((paragraph, index) => (
            <VoiceParagraph key={index} index={index} className="whitespace-pre-line">
              {paragraph}
            </VoiceParagraph>
          ))}
        </div>

        {others.length > 0 && (
          <section aria-labelledby="family-story-photos" className="grid gap-3">
            <h2 id="family-story-photos" className="text-lg font-semibold text-amber-100">
              {t('story.photos')}
            </h2>
            <ul className="grid grid-cols-3 gap-2">
              {others.map((photo, index) => (
                <li key={photo.id}>
                  <PhotoButton photo={photo} n={index + 2} count={story.photos.length} onOpen={() => photoView.open(photo.id)} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <Names icon={<UserRound aria-hidden className="size-4 text-amber-300" />} title={t('story.people')} names={story.people} />
        <Names icon={<MapPin aria-hidden className="size-4 text-amber-300" />} title={t('story.places')} names={story.places} />

        <StoryResponses storyId={story.id} />

        {open && <ReaderPhotoViewer photos={story.photos} photo={open} onClose={photoView.close} onShow={(photo) => photoView.show(photo.id)} />}
      </article>
    </VoiceProvider>
  );
}

interface PhotoButtonProps {
  photo: FamilyStoryView['photos'][number];
  n: number;
  count: number;
  onOpen: () => void;
  large?: boolean;
}

/** A photo in the page; pressing it opens it full size. */
function PhotoButton({ photo, n, count, onOpen, large = false }: PhotoButtonProps) {
  const { t } = useTranslation('familyReading');
  return (
    <figure className="grid gap-2">
      <button type="button" onClick={onOpen} aria-label={t('story.openPhoto', { n, count })} className={clsx('overflow-hidden rounded-xl', focusRing)}>
        <img
          src={large ? photo.urls.display : photo.urls.thumb}
          alt={photo.caption}
          width={photo.width}
          height={photo.height}
          loading={large ? 'eager' : 'lazy'}
          decoding="async"
          className={clsx('w-full bg-stone-900 object-cover', large ? 'h-auto' : 'aspect-square')}
        />
      </button>
      {large && photo.caption && <figcaption className="text-sm text-stone-400">{photo.caption}</figcaption>}
    </figure>
  );
}

function Names({ icon, title, names }: { icon: ReactNode; title: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-stone-300">
        {icon}
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name} className="rounded-full border border-stone-700 bg-stone-900 px-3 py-1 text-sm text-stone-100">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
