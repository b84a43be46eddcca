import { useMemo, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { LinkIcon, Mic } from 'lucide-react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { COAUTHOR_TOKEN_PATTERN, type CoAuthorView, type Contribution } from '../../../contract/co-author.ts';
import type { Language } from '../../../contract/languages.ts';
import { hasPendingContribution, useCoAuthorView, useDeleteContribution } from '../api/coAuthor.ts';
import { useErrorText } from '../api/useErrorText.ts';
import i18n from '../i18n/index.ts';
import { RecordingSupportBanner } from '../recorder/RecordingSupportBanner.tsx';
import { browserRecordingEnvironment, recordingSupportProblems } from '../recorder/recordingSupport.ts';
import { useLeaveGuard } from '../recorder/useLeaveGuard.ts';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { toast } from '../ui/toastStore.ts';
import { CoAuthorPhotos } from './CoAuthorPhotos.tsx';
import { ContributionList } from './ContributionList.tsx';
import { ContributionRecorder } from './ContributionRecorder.tsx';
import { shouldPollContributions, splitContributions, storyPreview } from './contributions.ts';
import { readContributor, saveContributor, type StoredContributor } from './contributorStore.ts';
import { NameStep } from './NameStep.tsx';
import { useContributionRecorder } from './useContributionRecorder.ts';

/**
 * The co-author page at /co-author/{token} (spec "Co-author page"), signed in or not, in the
 * story's language: the story's beginning, the name step, the recorder, and the
 * contributions (the person's own, which they can delete, and everyone else's). A link that
 * does not work shows the invalid-link view.
 */
export function CoAuthorPage() {
  const { t } = useTranslation('coAuthor');
  const token = useParams().token ?? '';
  const valid = COAUTHOR_TOKEN_PATTERN.test(token);
  // The device's contributor for this link: the page reads it once, then keeps it in step.
  const [contributor, setContributor] = useState<StoredContributor>(() => readContributor(token));
  const pendingSince = useRef<number | null>(null);
  const view = useCoAuthorView(token, {
    contributorKey: contributor.key,
    enabled: valid,
    // Read again every 2 s while a transcript is on its way, for a while at most.
    poll: (data) => {
      if (!data || !hasPendingContribution(data)) {
        pendingSince.current = null;
        return false;
      }
      pendingSince.current ??= Date.now();
      return shouldPollContributions(data.recordings, pendingSince.current, Date.now());
    },
  });

  const remember = (next: StoredContributor) => {
    saveContributor(token, next);
    setContributor(next);
  };

  return (
    <PageFrame>
      {!valid || view.isError ? (
        <InvalidLink />
      ) : !view.data ? (
        <div aria-busy="true" aria-label={t('page.loading')} className="mt-8 grid gap-3">
          <div className="h-8 w-2/3 animate-pulse rounded bg-stone-800" />
          <SkeletonLines count={4} />
        </div>
      ) : (
        <StoryLanguage language={view.data.story.language}>
          <CoAuthorStory
            token={token}
            view={view.data}
            contributor={contributor}
            onContributor={remember}
            onUploaded={() => {
              pendingSince.current = null;
            }}
          />
        </StoryLanguage>
      )}
    </PageFrame>
  );
}

/**
 * The page speaks the story's language (a relative reads it in the family's language),
 * through its own copy of the translations: the app's language, and a signed-in visitor's
 * preference, stay as they are.
 */
function StoryLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const instance = useMemo(() => i18n.cloneInstance({ lng: language }), [language]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto flex w-full max-w-2xl flex-col px-4 pt-4 pb-16">
        <Link to="/" className={clsx('self-start rounded-md text-2xl font-semibold tracking-tight text-stone-50', focusRing)}>
          Saaga
        </Link>
        {children}
      </main>
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation('coAuthor');
  return (
    <div className="mt-12 grid justify-items-center gap-4 text-center">
      <LinkIcon aria-hidden className="size-10 text-stone-500" />
      <h1 className="text-2xl font-semibold text-stone-50">{t('page.invalidTitle')}</h1>
      <p className="max-w-sm text-stone-400">{t('page.invalidText')}</p>
      <Link to="/" className={buttonClasses('primary', 'mt-2')}>
        {t('page.home')}
      </Link>
    </div>
  );
}

type NameReason = 'upload' | 'delete' | 'photos' | 'deletePhoto';
type NameFlow = { step: 'none' } | { step: 'entering'; reason: NameReason } | { step: 'named' };
const REQUIRED_TEXT = { upload: 'name.required', delete: 'name.requiredDelete', photos: 'name.requiredPhotos', deletePhoto: 'name.requiredDeletePhoto' } as const;

interface CoAuthorStoryProps {
  token: string;
  view: CoAuthorView;
  contributor: StoredContributor;
  onContributor: (contributor: StoredContributor) => void;
  onUploaded: () => void;
}

function CoAuthorStory({ token, view, contributor, onContributor, onUploaded }: CoAuthorStoryProps) {
  const { t } = useTranslation('coAuthor');
  const errorText = useErrorText();
  const [expanded, setExpanded] = useState(false);
  const [nameFlow, setNameFlow] = useState<NameFlow>(contributor.name ? { step: 'named' } : { step: 'none' });
  // A name found on the device when the page opened: the person has been here before.
  const [returning] = useState(contributor.name !== null);
  const recorder = useContributionRecorder(token, contributor, (key) => {
    onContributor({ ...contributor, key });
    onUploaded();
  });
  const deleteContribution = useDeleteContribution(token);
  const leaving = useRef(false);
  const [unsupported] = useState(() => recordingSupportProblems(browserRecordingEnvironment()));
  const [photosPending, setPhotosPending] = useState(false);
  const blocker = useLeaveGuard(recorder.busy || photosPending ? 'ask' : 'free', leaving);

  const preview = storyPreview(view.story.content);
  const { yours, others } = splitContributions(view.recordings, nameFlow.step === 'named' ? contributor.name : null);

  const remove = async (contribution: Contribution): Promise<boolean> => {
    if (!contributor.name) {
      toast({ title: t('name.requiredTitle'), description: t('name.requiredDelete'), variant: 'destructive' });
      setNameFlow({ step: 'entering', reason: 'delete' });
      return false;
    }
    try {
      await deleteContribution.mutateAsync({ id: contribution.id, contributorName: contributor.name, contributorKey: contributor.key });
      toast({ title: t('toast.contributionDeleted') });
      return true;
    } catch (error) {
      toast({ title: t('toast.contributionDeleteFailed'), description: errorText(error), variant: 'destructive' });
      return false;
    }
  };

  return (
    <article lang={view.story.language} className="mt-8 grid gap-8">
      <header className="grid gap-3">
        <p className="text-sm font-medium text-amber-300">
          {view.ownerName ? t('page.help', { name: view.ownerName }) : t('page.helpAnonymous')}
        </p>
        <h1 className="text-3xl font-semibold text-stone-50">{view.story.title}</h1>
        <p id="co-author-story" className="whitespace-pre-line text-stone-300">
          {expanded ? view.story.content : preview.text}
        </p>
        {preview.truncated && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="co-author-story"
            onClick={() => setExpanded(!expanded)}
            className={clsx('justify-self-start rounded text-sm font-medium text-amber-200 hover:text-amber-100', focusRing)}
          >
            {expanded ? t('page.showLess') : t('page.readMore')}
          </button>
        )}
      </header>

      <CoAuthorPhotos
        token={token}
        photos={view.photos}
        contributor={contributor}
        onNeedName={(reason) => setNameFlow({ step: 'entering', reason })}
        onKey={(key) => onContributor({ ...contributor, key })}
        onPendingChange={setPhotosPending}
      />

      <Card>
        {nameFlow.step === 'none' && (
          <div className="grid justify-items-start gap-3">
            <p className="text-stone-300">{t('page.addVoiceHint')}</p>
            <Button onClick={() => setNameFlow({ step: 'entering', reason: 'upload' })}>
              <Mic aria-hidden className="size-4" />
              {t('page.addVoice')}
            </Button>
          </div>
        )}
        {nameFlow.step === 'entering' && (
          <NameStep
            initialName={contributor.name ?? ''}
            requiredText={t(REQUIRED_TEXT[nameFlow.reason])}
            onAccept={(name) => {
              onContributor({ ...contributor, name });
              setNameFlow({ step: 'named' });
            }}
            onCancel={() => setNameFlow(contributor.name ? { step: 'named' } : { step: 'none' })}
          />
        )}
        {nameFlow.step === 'named' && contributor.name && (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-stone-50">
                {returning ? t('name.greetingBack', { name: contributor.name }) : t('name.greeting', { name: contributor.name })}
              </h2>
              <Button
                variant="ghost"
                disabled={recorder.busy}
                onClick={() => setNameFlow({ step: 'entering', reason: 'upload' })}
                className="-mr-2 text-stone-400"
              >
                {t('name.change')}
              </Button>
            </div>
            <RecordingSupportBanner problems={unsupported} />
            <ContributionRecorder
              step={recorder.step}
              elapsedMs={recorder.elapsedMs}
              silenceShown={recorder.silenceShown}
              onStart={() => void recorder.start()}
              onPause={recorder.pause}
              onResume={recorder.resume}
              onStop={() => void recorder.stop()}
              onTryAgain={recorder.tryAgain}
              onRecordAnother={recorder.reset}
            />
          </div>
        )}
      </Card>

      <ContributionList title={t('list.yours')} contributions={yours} onDelete={remove} />
      <ContributionList title={t('list.others')} contributions={others} />
      {view.recordings.length === 0 && <p className="text-sm text-stone-400">{t('list.empty')}</p>}

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title={t('leave.title')}
        description={recorder.busy ? t('leave.description') : t('leave.photosDescription')}
        confirmLabel={t('leave.leave')}
        onConfirm={() => {
          recorder.discard();
          leaving.current = true;
          blocker.proceed?.();
        }}
        destructive
      />
    </article>
  );
}
