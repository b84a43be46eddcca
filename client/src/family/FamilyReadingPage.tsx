import { BookOpen, ImageIcon } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { FamilyLibraryItem } from '../../../contract/family-reading.ts';
import type { FamilyCircleView } from '../../../contract/family.ts';
import { toLanguage } from '../../../contract/languages.ts';
import { temporalLabel } from '../time/temporalLabel.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { EmptyState, LoadFailed } from '../ui/ListStates.tsx';
import { SelectField } from '../ui/Select.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { FamilyFrame, InvalidFamilyLink } from './FamilyFrame.tsx';
import { AskQuestion } from './respond/AskQuestion.tsx';
import { ReaderSettingsLink } from './settings/ReaderSettingsLink.tsx';
import { type Arrangement, arrangementOf, byChapter, byYear } from './readingGroups.ts';
import { isSignedOut, loadedItems, useFamilyChapters, useFamilyCircles, useFamilyLibrary } from '../api/familyReading.ts';

/** The circle a family page reads: `?circle=` when the address names one, else the one joined last (the server's choice). */
export function useCircleParam(): number | undefined {
  const [params] = useSearchParams();
  return Number(params.get('circle')) || undefined;
}

/**
 * The circle shown: the one the address names; else this browser's only one; else, with
 * several, the first the server lists (named from then on, so the lists and the switcher agree).
 */
export function currentCircle(circles: readonly FamilyCircleView[] | undefined, circle: number | undefined) {
  return circles?.find((view) => view.circle === circle) ?? (circle === undefined ? circles?.[0] : undefined);
}

/**
 * /family: what is shared with the reader, by chapter or by year (`?view=year`, so Back
 * keeps the choice), with a switcher of circles when this browser reads more than one.
 * A refused call (removed, signed out) shows the invalid-link view.
 */
export function FamilyReadingPage() {
  const named = useCircleParam();
  const circles = useFamilyCircles();
  const current = currentCircle(circles.data, named);
  // With one circle the server's default is it; with several, the one shown is named.
  const circle = named ?? ((circles.data?.length ?? 0) > 1 ? current?.circle : undefined);
  const library = useFamilyLibrary(circle);
  const chapters = useFamilyChapters(circle);
  const signedOut = [circles.error, library.error, chapters.error].some(isSignedOut);

  return (
    <FamilyFrame language={current ? toLanguage(current.language) : null}>
      {signedOut ? <InvalidFamilyLink /> : <Reading circles={circles.data ?? []} current={current} library={library} chapters={chapters} />}
    </FamilyFrame>
  );
}

interface ReadingProps {
  circles: readonly FamilyCircleView[];
  current: FamilyCircleView | undefined;
  library: ReturnType<typeof useFamilyLibrary>;
  chapters: ReturnType<typeof useFamilyChapters>;
}

function Reading({ circles, current, library, chapters }: ReadingProps) {
  const { t } = useTranslation('familyReading');
  const [params, setParams] = useSearchParams();
  const arrangement = arrangementOf(params.get('view'));
  const stories = loadedItems(library.data);
  const teller = current?.tellerName ?? '';
  const groups = arrangement === 'year' ? byYear(stories) : byChapter(stories, chapters.data ?? []);

  const setParam = (name: string, value: string | null, replace: boolean) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace });
  };

  return (
    <div className="mt-6 grid gap-6">
      <header className="grid gap-4">
        <h1 className="text-3xl font-semibold text-stone-50">{teller ? t('reading.title', { teller }) : t('reading.titleNoName')}</h1>
        <ReaderSettingsLink />
        {circles.length > 1 && current && (
          <SelectField
            label={t('reading.circle')}
            value={String(current.circle)}
            options={circles.map((view) => ({ value: String(view.circle), label: view.tellerName }))}
            // Another circle is another page: Back returns to the one before.
            onValueChange={(value) => setParam('circle', value, false)}
          />
        )}
        <div role="group" aria-label={t('reading.arrangement')} className="flex gap-2">
          {(['chapter', 'year'] as const).map((value) => (
            <ArrangementButton key={value} value={value} current={arrangement} onChoose={(next) => setParam('view', next === 'year' ? 'year' : null, true)} />
          ))}
        </div>
      </header>

      {library.isError || chapters.isError ? (
        <LoadFailed message={t('reading.loadFailed')} retryLabel={t('reading.retry')} onRetry={() => void Promise.all([library.refetch(), chapters.refetch()])} />
      ) : library.isPending || chapters.isPending ? (
        <div aria-busy="true" aria-label={t('reading.loading')} className="grid gap-3">
          <SkeletonLines count={6} />
        </div>
      ) : stories.length === 0 ? (
        <EmptyState icon={<BookOpen aria-hidden className="size-10 text-stone-500" />} title={t('reading.emptyTitle')} description={t('reading.emptyText', { teller: teller || '…' })} action={null} />
      ) : (
        <>
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={group.key} className="grid gap-3">
              <h2 id={group.key} className="text-lg font-semibold text-amber-100">
                {group.title ?? t('reading.otherStories')}
              </h2>
              <ul className="grid gap-3">
                {group.stories.map((story) => (
                  <li key={story.id}>
                    <StoryCard story={story} circle={current?.circle} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {library.hasNextPage && (
            <Button variant="secondary" className="justify-self-center" disabled={library.isFetchingNextPage} onClick={() => void library.fetchNextPage()}>
              {t('reading.more')}
            </Button>
          )}
        </>
      )}
      {current && <AskQuestion circle={current} />}
    </div>
  );
}

function ArrangementButton({ value, current, onChoose }: { value: Arrangement; current: Arrangement; onChoose: (value: Arrangement) => void }) {
  const { t } = useTranslation('familyReading');
  const pressed = value === current;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChoose(value)}
      className={clsx(
        'min-h-11 rounded-full px-4 text-sm font-medium transition-colors',
        pressed ? 'bg-amber-300 text-stone-950' : 'border border-stone-600 bg-stone-900 text-stone-100 hover:bg-stone-800',
        focusRing,
      )}
    >
      {value === 'year' ? t('reading.byYear') : t('reading.byChapter')}
    </button>
  );
}

/** One story in the list: its cover's thumbnail, title, when it happened, its first lines. */
function StoryCard({ story, circle }: { story: FamilyLibraryItem; circle: number | undefined }) {
  const { i18n } = useTranslation('familyReading');
  const when = temporalLabel(story, toLanguage(i18n.language));
  return (
    <Link
      to={`/family/stories/${story.id}${circle ? `?circle=${circle}` : ''}`}
      className={clsx('flex gap-3 rounded-xl border border-stone-800 bg-stone-900 p-3 hover:border-stone-600', focusRing)}
    >
      {story.coverThumbUrl ? (
        <img src={story.coverThumbUrl} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-16 shrink-0 rounded-lg bg-stone-800 object-cover" />
      ) : (
        <span aria-hidden className="grid size-16 shrink-0 place-items-center rounded-lg bg-stone-800">
          <ImageIcon className="size-6 text-stone-600" />
        </span>
      )}
      <span className="grid min-w-0 content-start gap-1">
        <span className="font-semibold text-stone-50">{story.title}</span>
        {when && <span className="text-sm text-amber-200">{when}</span>}
        {story.excerpt && <span className="line-clamp-2 text-sm text-stone-400">{story.excerpt}</span>}
      </span>
    </Link>
  );
}
