import { useEffect, useId, useState } from 'react';
import { Loader2, PenLine, RefreshCw, Sparkles, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { toLanguage } from '../../../contract/languages.ts';
import { ApiRequestError } from '../api/request.ts';
import { CoAuthorCard } from '../coAuthor/CoAuthorCard.tsx';
import { StoryChapterCard } from '../chapters/StoryChapterCard.tsx';
import { useChapterBack } from '../chapters/chapterPaths.ts';
import { FollowUpQuestions } from '../followUps/FollowUpQuestions.tsx';
import { FamilyResponsesCard } from './FamilyResponsesCard.tsx';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate, formatRelativeTime } from '../i18n/format.ts';
import { DeleteStoryDialog } from './DeleteStoryDialog.tsx';
import { parseRouteId } from '../shell/routeId.ts';
import { PublishCard } from '../publishing/PublishCard.tsx';
import { FamilyStoryCard } from '../familyCircle/FamilyStoryCard.tsx';
import { DetailLoading, DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toastStore.ts';
import { NameDialog, type NameChoice } from './NameDialog.tsx';
import { QuestionCard } from '../recordings/QuestionCard.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { StoryBadges, StoryTimeCard } from './StoryParts.tsx';
import { RegenerateDialog } from './RegenerateDialog.tsx';
import { StoryContent } from './StoryContent.tsx';
import { FailedRecordingNotice } from './FailedRecordingNotice.tsx';
import { StoryRecordings } from './StoryRecordings.tsx';
import { StoryPhotos } from '../photos/StoryPhotos.tsx';
import { WaitingForEngine } from '../recordings/WaitingForEngine.tsx';
import { StoryTitle } from './StoryTitle.tsx';
import { useStory, type Story } from '../api/stories.ts';
import { hasRealTitle, isStoryWritten, storyDisplay } from '../api/storyProgress.ts';

/**
 * The story detail at /library/{id} (spec 2): the generating screen while it is first
 * written, then the story with its edits, badges, time, recordings and actions.
 */
export function StoryView() {
  const { t } = useTranslation('story');
  const storyId = parseRouteId(useParams().storyId);
  const story = useStory(storyId);

  if (storyId === null || (story.error instanceof ApiRequestError && story.error.status === 404)) {
    return <DetailMessage text={t('notFound')} backTo="/library" backLabel={t('backToLibrary')} />;
  }
  if (story.error) return <DetailMessage text={t('loadFailed')} backTo="/library" backLabel={t('backToLibrary')} />;
  if (!story.data) return <DetailLoading lines={6} backTo="/library" />;
  return <StoryBody key={story.data.id} story={story.data} />;
}

function StoryBody({ story }: { story: Story }) {
  const { t } = useTranslation('storyDetail');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const navigate = useNavigate();
  const display = storyDisplay(story);
  const [regenerating, setRegenerating] = useState(false);
  // A rewrite asked for here, and whether it only adds paragraphs to the person's own text.
  const [awaitingRewrite, setAwaitingRewrite] = useState<null | { addsToText: boolean }>(null);
  // The last update could not add the new recordings (the text is unchanged): the banner says so.
  const [notAdded, setNotAdded] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState<NameChoice | null>(null);
  const recordingsId = useId();
  // Opened from a chapter (?chapter=<id>): back returns to it.
  const chapterBack = useChapterBack();

  // A rewrite asked for here: say when it is written, or that it fell back to a draft.
  useEffect(() => {
    if (!awaitingRewrite || !isStoryWritten(story)) return;
    setAwaitingRewrite(null);
    setNotAdded(story.hasNewRecordings);
    if (story.processingStatus === 'draft') toast({ title: t('regenerate.fellBack'), variant: 'destructive' });
    else if (story.hasNewRecordings) toast({ title: t('newRecordings.notAdded'), variant: 'destructive' });
    else toast({ title: t(awaitingRewrite.addsToText ? 'regenerate.added' : 'regenerate.done') });
  }, [awaitingRewrite, story, t]);

  if (display === 'generating') {
    const title = hasRealTitle(story) ? story.title : tStory('placeholders.title');
    return (
      <>
        <PageHeader title={title} backTo={chapterBack} />
        <WaitingForEngine
          storyId={story.id}
          className="my-8"
          otherwise={
            <div role="status" className="flex flex-col items-center gap-4 py-20 text-center">
              <PenLine aria-hidden className="size-10 text-amber-300" />
              <Loader2 aria-hidden className="size-6 animate-spin text-stone-400" />
              <p className="text-xl font-medium text-stone-50">{tStory('generating.title')}</p>
              <p className="max-w-sm text-sm text-stone-400">{tStory('generating.description')}</p>
              <p className="sr-only">{tStory('placeholders.content')}</p>
            </div>
          }
        />
        <DeleteStoryLink onClick={() => setDeleting(true)} />
        <DeleteStoryDialog
          storyId={story.id}
          title={title}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={() => navigate('/library')}
        />
      </>
    );
  }

  const shownTitle = hasRealTitle(story) ? story.title : tStory('placeholders.title');
  const writing = display === 'rewriting';
  return (
    <article lang={toLanguage(story.language)} className="grid gap-6">
      <div>
        <StoryTitle story={story}>
          {(title, below) => (
            <>
              <PageHeader title={title} backTo={chapterBack} />
              <p className="-mt-4 flex flex-wrap gap-x-3 text-sm text-stone-400">
                <span>{tStory('created', { date: formatDate(story.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
                {story.updatedAt !== story.createdAt && (
                  <span>{t('updated', { time: formatRelativeTime(story.updatedAt, language) })}</span>
                )}
              </p>
              {below}
            </>
          )}
        </StoryTitle>
      </div>

      {story.promptQuestion && <QuestionCard question={story.promptQuestion} questionId={story.questionId} />}
      <StoryBadges story={story} onOpenName={setName} />
      <WaitingForEngine storyId={story.id} />
      <FailedRecordingNotice storyId={story.id} recordingsId={recordingsId} />

      {story.hasNewRecordings && !writing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300/40 bg-amber-300/10 p-4">
          <div className="grid gap-1">
            <p className="flex items-center gap-2 text-sm text-amber-100">
              <Sparkles aria-hidden className="size-4 shrink-0" />
              {t('newRecordings.text')}
            </p>
            {notAdded && <p className="text-sm text-stone-300">{t('newRecordings.notAdded')}</p>}
          </div>
          <Button variant="secondary" onClick={() => setRegenerating(true)}>
            {t('newRecordings.action')}
          </Button>
        </div>
      )}

      {writing ? (
        <div aria-busy="true" className="grid gap-3">
          <p role="status" className="flex items-center gap-2 text-sm text-amber-200">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {tStory('rewriting')}
          </p>
          <SkeletonLines count={8} />
        </div>
      ) : (
        <StoryContent story={story} onOpenName={setName} />
      )}

      {!writing && (
        <div>
          <Button variant="ghost" onClick={() => setRegenerating(true)} className="-ml-2">
            <RefreshCw aria-hidden className="size-4" />
            {t('regenerate.link')}
          </Button>
        </div>
      )}

      <StoryPhotos story={story} />
      <StoryTimeCard story={story} />
      <StoryChapterCard story={story} />
      <FamilyResponsesCard storyId={story.id} />
      <div id={recordingsId} className="scroll-mt-4">
        <StoryRecordings storyId={story.id} />
      </div>
      <FollowUpQuestions story={story} />
      <PublishCard story={story} />
      <FamilyStoryCard story={story} />
      <CoAuthorCard story={story} />

      <DeleteStoryLink onClick={() => setDeleting(true)} />

      <RegenerateDialog
        story={story}
        open={regenerating}
        onOpenChange={setRegenerating}
        onStarted={(addsToText) => setAwaitingRewrite({ addsToText })}
      />
      <DeleteStoryDialog
        storyId={story.id}
        title={shownTitle}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={() => navigate('/library')}
      />
      <NameDialog choice={name} onClose={() => setName(null)} />
    </article>
  );
}

function DeleteStoryLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('storyDetail');
  return (
    <div className="border-t border-stone-800 pt-4">
      <Button variant="ghost" onClick={onClick} className="-ml-2 text-red-300 hover:text-red-200">
        <Trash2 aria-hidden className="size-4" />
        {t('delete.link')}
      </Button>
    </div>
  );
}
