import { useMemo, useState, type FormEvent } from 'react';
import { BookOpen, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AUTOBIOGRAPHY_LIMITS } from '../../../contract/autobiography.ts';
import { STORY_STYLES, type PointOfView, type StoryStyle } from '../../../contract/story-options.ts';
import { useGenerateAutobiography } from '../api/autobiographies.ts';
import { useChapters } from '../api/chapters.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button, focusRing } from '../ui/Button.tsx';
import { Field, Input } from '../ui/Input.tsx';
import { LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { Select } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import { useBookFailure } from './bookErrors.ts';
import { BOOKS_HOME, bookPath } from './bookPaths.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { useStoryChoices, withChosen, type StoryChoice } from '../lists/useStoryChoices.ts';
import { inChosenChapter, offeredStories } from './storyChoice.ts';

const checkbox = `size-5 shrink-0 accent-amber-300 ${focusRing}`;

/** /collections/books/new: choosing chapters or stories, the title and the voice, and generating an autobiography. */
export function NewAutobiographyPage() {
  const { t } = useTranslation('autobiography');
  const language = useLanguage();
  const navigate = useNavigate();
  const chapters = useChapters();
  const generate = useGenerateAutobiography();
  const failed = useBookFailure();
  const [title, setTitle] = useState(() => t('form.defaultTitle'));
  const { t: tStory } = useTranslation('storyDetail');
  const [pointOfView, setPointOfView] = useState<PointOfView>('first');
  const [style, setStyle] = useState<StoryStyle>('auto');
  const [chapterIds, setChapterIds] = useState<Set<number>>(new Set());
  // The chosen stories themselves: a choice stays in sight whatever the search shows.
  const [chosen, setChosen] = useState<ReadonlyMap<number, StoryChoice>>(new Map());
  const [query, setQuery] = useState('');
  const stories = useStoryChoices(query);

  const chapterTitles = useMemo(() => new Map((chapters.data ?? []).map((c) => [c.id, c.title])), [chapters.data]);
  // A story in a chosen chapter goes in with its chapter, so it is not sent twice.
  const loneStories = [...chosen.values()].filter((story) => !inChosenChapter(story, chapterIds));
  const loneStoryIds = loneStories.map((story) => story.id);
  const shownStories = withChosen(offeredStories(stories.choices, chapterIds), loneStories);
  const noStoriesAtAll = stories.words === '' && !stories.isPending && stories.choices.length === 0 && !stories.hasMore;
  const nothingChosen = chapterIds.size === 0 && loneStoryIds.length === 0;
  const titleError = title.trim() === '' ? t('toast.titleInvalid', { max: AUTOBIOGRAPHY_LIMITS.titleMax }) : undefined;

  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggleStory = (story: StoryChoice) =>
    setChosen((current) => {
      const next = new Map(current);
      if (!next.delete(story.id)) next.set(story.id, story);
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nothingChosen || titleError) return;
    generate.mutate(
      { title: title.trim(), language, pointOfView, style, chapterIds: [...chapterIds], storyIds: loneStoryIds },
      {
        onSuccess: (book) => {
          toast({ title: t('toast.started'), description: t('toast.startedDescription') });
          // The form is done with: Back from the book goes to the Biography screen.
          navigate(bookPath(book.id), { replace: true });
        },
        onError: (error) => failed('generateFailed', error),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <PageHeader title={t('form.heading')} backTo={BOOKS_HOME} />

      <Field
        label={t('form.title')}
        value={title}
        maxLength={AUTOBIOGRAPHY_LIMITS.titleMax}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError}
        required
      />

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-stone-200">{t('form.pointOfView')}</legend>
        {(['first', 'third'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 rounded-lg border border-stone-800 bg-stone-900 px-3 text-stone-100">
            <input
              type="radio"
              name="pointOfView"
              value={value}
              checked={pointOfView === value}
              onChange={() => setPointOfView(value)}
              className={checkbox}
            />
            {t(`form.${value}`)}
          </label>
        ))}
      </fieldset>

      <div className="grid gap-1.5">
        <label htmlFor="book-style" className="text-sm font-medium text-stone-200">
          {t('form.style')}
        </label>
        {/* The story styles' names are the story screens' (spec 9.3). */}
        <Select id="book-style" value={style} onValueChange={setStyle} options={STORY_STYLES.map((value) => ({ value, label: tStory(`styles.${value}`) }))} />
      </div>

      {chapters.isPending || (stories.words === '' && stories.isPending) ? (
        <LoadingRows label={t('loading')} rowClassName="h-12" list />
      ) : chapters.isError || (stories.words === '' && stories.isError) ? (
        <LoadFailed
          message={t('form.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => {
            void chapters.refetch();
            stories.retry();
          }}
        />
      ) : (
        <>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-stone-200">{t('form.chapters')}</legend>
            <p className="-mt-1 mb-1 text-xs text-stone-400">{t('form.chaptersHint')}</p>
            {chapters.data.length === 0 ? (
              <p className="text-sm text-stone-400">{t('form.noChapters')}</p>
            ) : (
              chapters.data.map((chapter) => (
                <label key={chapter.id} className="flex min-h-12 items-center gap-3 rounded-lg border border-stone-800 bg-stone-900 px-3 py-2">
                  <input
                    type="checkbox"
                    checked={chapterIds.has(chapter.id)}
                    onChange={() => setChapterIds((set) => toggle(set, chapter.id))}
                    className={checkbox}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-stone-50">{chapter.title}</span>
                    <span className="block text-xs text-stone-400">{t('form.storyCount', { count: chapter.storyCount })}</span>
                  </span>
                </label>
              ))
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-stone-200">{t('form.stories')}</legend>
            <p className="-mt-1 mb-1 text-xs text-stone-400">{t('form.storiesHint')}</p>
            {noStoriesAtAll ? (
              <p className="text-sm text-stone-400">{t('form.noStories')}</p>
            ) : (
              <>
                <div className="relative">
                  <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
                  <Input
                    type="search"
                    aria-label={t('form.search')}
                    placeholder={t('form.search')}
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                    className="pl-9"
                  />
                </div>
                {stories.isPending ? (
                  <p role="status" className="text-sm text-stone-400">
                    {t('searching', { ns: 'lists' })}
                  </p>
                ) : stories.isError ? (
                  <LoadFailed message={t('form.loadFailed')} retryLabel={t('retry')} onRetry={stories.retry} />
                ) : (
                  shownStories.length === 0 && !stories.hasMore && <p className="text-sm text-stone-400">{t('form.noMatch')}</p>
                )}
                {shownStories.map((story) => (
                  <label key={story.id} className="flex min-h-12 items-center gap-3 rounded-lg border border-stone-800 bg-stone-900 px-3 py-2">
                    <input type="checkbox" checked={chosen.has(story.id)} onChange={() => toggleStory(story)} className={checkbox} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-stone-50">{hasRealTitle(story) ? story.title : formatDate(story.createdAt, language)}</span>
                      <span className="block truncate text-xs text-stone-400">
                        {formatDate(story.createdAt, language)}
                        {story.chapterId != null && chapterTitles.has(story.chapterId) && <> · {t('form.inChapter', { chapter: chapterTitles.get(story.chapterId) })}</>}
                      </span>
                    </span>
                  </label>
                ))}
                <ListMore hasMore={stories.hasMore} loading={stories.loadingMore} failed={stories.moreFailed} onMore={stories.loadMore} auto={false} />
              </>
            )}
          </fieldset>
        </>
      )}

      <div className="sticky bottom-20 grid gap-2 rounded-2xl border border-stone-800 bg-stone-950/95 p-3">
        <p className="text-sm text-stone-300" aria-live="polite">
          {nothingChosen ? t('form.chooseSomething') : t('form.selected', { count: loneStoryIds.length + countInChapters(chapters.data ?? [], chapterIds) })}
        </p>
        <Button type="submit" disabled={nothingChosen || !!titleError || generate.isPending}>
          <BookOpen aria-hidden className="size-4" />
          {generate.isPending ? t('form.generating') : t('form.generate')}
        </Button>
      </div>
    </form>
  );
}

function countInChapters(chapters: { id: number; storyCount: number }[], chosen: Set<number>): number {
  return chapters.filter((c) => chosen.has(c.id)).reduce((n, c) => n + c.storyCount, 0);
}
