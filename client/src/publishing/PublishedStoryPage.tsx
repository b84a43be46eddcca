import { useEffect, useMemo } from 'react';
import { BookOpen, CalendarDays, Clock } from 'lucide-react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { type Language, languageFromLocale } from '../../../contract/languages.ts';
import { type PublicStory, shareSnippet } from '../../../contract/publishing.ts';
import { readingMinutes } from '../../../contract/reading.ts';
import { usePublicStory } from '../api/publishing.ts';
import { usePublicStoryVoice } from '../api/publicVoice.ts';
import { ApiRequestError } from '../api/request.ts';
import i18n from '../i18n/index.ts';
import { AudioPlayer } from '../recordings/AudioPlayer.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { PoweredBy } from '../ui/PoweredBy.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { paragraphsOf } from '../voice/paragraphs.ts';
import { hasSpans } from '../voice/spanPlayback.ts';
import { VoiceParagraph } from '../voice/VoiceParagraph.tsx';
import { VoiceProvider } from '../voice/VoiceContext.tsx';
import { WholeRecordingPlayer } from '../voice/WholeRecordingPlayer.tsx';
import { embeddedStory, publicStoryTime, publishedAgo } from './publicStory.ts';
import { PublishedPhoto } from './PublishedPhoto.tsx';
import { ShareButtons } from './ShareButtons.tsx';

/**
 * The public story page at /published/{slug} (spec "Published story page"), for anyone,
 * signed in or not, outside the app's shell. Its words follow the browser's language (fi
 * or en), whatever a signed-in reader chose in the app.
 */
export function PublishedStoryPage() {
  const slug = useParams().slug ?? '';
  const language = languageFromLocale(navigator.language);
  // Its own copy of the translations in the browser's language: the app's stays as it is.
  const pageI18n = useMemo(() => i18n.cloneInstance({ lng: language }), [language]);
  return (
    <I18nextProvider i18n={pageI18n}>
      <div lang={language} className="min-h-dvh bg-stone-950 text-stone-100">
        <main className="mx-auto grid w-full max-w-2xl gap-8 px-5 pt-8 pb-12">
          <PublishedStory key={slug} slug={slug} language={language} />
          <PoweredBy />
        </main>
      </div>
    </I18nextProvider>
  );
}

/** Sets the page's title while it shows, and puts the app's back after. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** The story: from the copy the server rendered into the page when there is one, else from the API with a skeleton. */
function PublishedStory({ slug, language }: { slug: string; language: Language }) {
  const { t } = useTranslation('publishing');
  const initial = useMemo(() => embeddedStory(slug), [slug]);
  const story = usePublicStory(slug, initial);
  const missing = story.error instanceof ApiRequestError && story.error.status === 404;
  useDocumentTitle(story.data ? `${story.data.title} · Saaga` : missing ? `${t('page.notFound.title')} · Saaga` : null);

  if (story.data) return <StoryArticle slug={slug} story={story.data} language={language} />;
  if (missing) return <StoryNotFound />;
  if (story.isError) return <LoadFailed message={t('page.loadFailed')} retryLabel={t('page.retry')} onRetry={() => void story.refetch()} />;
  return (
    <div aria-busy="true" aria-label={t('page.loading')} className="grid gap-4">
      <div className="h-9 w-3/4 animate-pulse rounded bg-stone-800" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-stone-800" />
      <div className="h-16 animate-pulse rounded-xl bg-stone-900" />
      <div className="grid gap-3 pt-2">
        <SkeletonLines count={8} />
      </div>
    </div>
  );
}

function StoryArticle({ slug, story, language }: { slug: string; story: PublicStory; language: Language }) {
  const { t } = useTranslation('publishing');
  const voice = usePublicStoryVoice(slug, story.hearVoice).data;
  const heard = voice && hasSpans(voice.paragraphs) ? voice : undefined;
  const time = publicStoryTime(story, language);
  const pageUrl = window.location.href.split('#')[0];
  // The cover (first, as chosen at publishing) opens the story; the others follow its text.
  const [cover, ...others] = story.photos;
  return (
    <VoiceProvider voice={heard} teller={{ own: false, name: story.authorName }}>
      <article className="grid gap-8">
        <header className="grid gap-3">
          <h1 className="font-serif text-3xl leading-tight font-semibold text-stone-50 sm:text-4xl">{story.title}</h1>
          {story.authorName && <p className="text-base text-amber-100">{t('page.by', { name: story.authorName })}</p>}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-400">
            <span>{t('page.published', { time: publishedAgo(story.publishedAt, language) })}</span>
            <span className="flex items-center gap-1">
              <Clock aria-hidden className="size-4" />
              {t('page.readingTime', { count: readingMinutes(story.content) })}
            </span>
            {time && (
              <span className="flex items-center gap-1">
                <CalendarDays aria-hidden className="size-4" />
                {time}
              </span>
            )}
          </p>
        </header>
        {cover && <PublishedPhoto photo={cover} eager />}
        {story.audioUrl && (
          <section aria-label={t('page.listen')}>
            <AudioPlayer src={story.audioUrl} storedDuration={null} />
          </section>
        )}
        {heard ? (
          <>
            <WholeRecordingPlayer />
            {/* Paragraphs as the server numbers them, each leading back to the teller's voice. */}
            <div lang={story.language} className="grid gap-4 font-serif text-lg leading-relaxed text-stone-100">
              {paragraphsOf(story.content).map((paragraph, index) => (
                <VoiceParagraph key={index} index={index} className="whitespace-pre-line">
                  {paragraph}
                </VoiceParagraph>
              ))}
            </div>
          </>
        ) : (
          <div lang={story.language} className="font-serif text-lg leading-relaxed whitespace-pre-line text-stone-100">
            {story.content}
          </div>
        )}
        {others.length > 0 && (
          <section aria-label={t('page.photos')} className="grid gap-8">
            {others.map((photo) => (
              <PublishedPhoto key={photo.id} photo={photo} />
            ))}
          </section>
        )}
        <ShareButtons pageUrl={pageUrl} title={story.title} snippet={shareSnippet(story.content)} />
      </article>
    </VoiceProvider>
  );
}

/** A slug nobody published, or one unpublished since (spec "Published story page"). */
function StoryNotFound() {
  const { t } = useTranslation('publishing');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <BookOpen aria-hidden className="size-10 text-stone-500" />
      <h1 className="text-2xl font-semibold text-stone-50">{t('page.notFound.title')}</h1>
      <p className="max-w-sm text-sm text-stone-400">{t('page.notFound.description')}</p>
      <Link to="/" className={buttonClasses('primary')}>
        {t('page.notFound.home')}
      </Link>
    </div>
  );
}


