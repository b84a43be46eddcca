import { Loader2, Mic, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { toLanguage } from '../../../contract/languages.ts';
import { ApiRequestError } from '../api/request.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { recordingLink } from '../recording/recordingLink.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { useStory, type Story } from './storyApi.ts';
import { hasRealTitle, storyDisplay } from './storyProgress.ts';

/** The story id of the address, or null when it is not one. */
function parseStoryId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A story at /library/{id}: a small view until the full story detail arrives — title,
 * created date, content with its line breaks, and the generating states (spec 2).
 */
export function StoryView() {
  const { t } = useTranslation('story');
  const { t: tShell } = useTranslation('shell');
  const storyId = parseStoryId(useParams().storyId);
  const story = useStory(storyId);

  if (storyId === null || (story.error instanceof ApiRequestError && story.error.status === 404)) {
    return <StoryMessage text={t('notFound')} />;
  }
  if (story.error) return <StoryMessage text={t('loadFailed')} />;
  if (!story.data) {
    return (
      <>
        <PageHeader title={<span className="sr-only">{tShell('loading')}</span>} />
        <div aria-busy="true" className="grid gap-3">
          <SkeletonLines count={6} />
        </div>
      </>
    );
  }
  return <StoryBody story={story.data} />;
}

function StoryBody({ story }: { story: Story }) {
  const { t } = useTranslation('story');
  const language = useLanguage();
  const display = storyDisplay(story);
  const title = hasRealTitle(story) ? story.title : t('placeholders.title');

  if (display === 'generating') {
    return (
      <>
        <PageHeader title={title} />
        <div role="status" className="flex flex-col items-center gap-4 py-20 text-center">
          <PenLine aria-hidden className="size-10 text-amber-300" />
          <Loader2 aria-hidden className="size-6 animate-spin text-stone-400" />
          <p className="text-xl font-medium text-stone-50">{t('generating.title')}</p>
          <p className="max-w-sm text-sm text-stone-400">{t('generating.description')}</p>
          <p className="sr-only">{t('placeholders.content')}</p>
        </div>
      </>
    );
  }

  const paragraphs = story.content.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <article lang={toLanguage(story.language)}>
      <PageHeader title={title} />
      <p className="-mt-4 mb-6 text-sm text-stone-400">
        {t('created', { date: formatDate(story.createdAt, language) })}
      </p>
      {display === 'rewriting' ? (
        <div aria-busy="true" className="grid gap-3">
          <p role="status" className="flex items-center gap-2 text-sm text-amber-200">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {t('rewriting')}
          </p>
          <SkeletonLines count={8} />
        </div>
      ) : (
        <div className="grid gap-4 text-lg leading-relaxed text-stone-100">
          {paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      )}
      <Link to={recordingLink({ storyId: story.id })} className={buttonClasses('secondary', 'mt-8')}>
        <Mic aria-hidden className="size-4" />
        {t('recordMore')}
      </Link>
    </article>
  );
}

function StoryMessage({ text }: { text: string }) {
  const { t } = useTranslation('story');
  return (
    <>
      <PageHeader title={text} />
      <Link to="/library" className={buttonClasses('primary')}>
        {t('backToLibrary')}
      </Link>
    </>
  );
}

function SkeletonLines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden
          className="h-4 animate-pulse rounded bg-stone-800"
          style={{ width: index === count - 1 ? '60%' : `${92 - (index % 3) * 6}%` }}
        />
      ))}
    </>
  );
}
