import { useEffect, useMemo, useRef } from 'react';
import { Headphones, LinkIcon } from 'lucide-react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { languageFromLocale, toLanguage } from '../../../contract/languages.ts';
import type { ListeningPage } from '../../../contract/print-book.ts';
import { useListeningPage } from '../api/listeningLinks.ts';
import { ApiRequestError } from '../api/request.ts';
import i18n, { loadLanguage } from '../i18n/index.ts';
import { AudioPlayer } from '../recordings/AudioPlayer.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { PoweredBy } from '../ui/PoweredBy.tsx';
import { usePartsInTurn } from './partsInTurn.ts';

/**
 * The page a printed book's QR code opens, /listen/{token} (issue 30): the story told in the
 * teller's own voice, for anyone holding the book, without an account and outside the app's
 * shell. In the book's language (the browser's until it is known, and for a link that does
 * not work), through a copy of the translations of its own. Nothing here records.
 */
export function ListenPage() {
  const token = useParams().token ?? '';
  const page = useListeningPage(token);
  const missing = page.error instanceof ApiRequestError && page.error.status === 404;
  const language = page.data ? toLanguage(page.data.language) : languageFromLocale(navigator.language);
  const pageI18n = useMemo(() => i18n.cloneInstance({ lng: language }), [language]);
  useEffect(() => {
    // The other language's words otherwise arrive a few seconds after the page.
    void loadLanguage(language).catch(() => undefined);
  }, [language]);

  return (
    <I18nextProvider i18n={pageI18n}>
      <div lang={language} className="min-h-dvh bg-stone-950 text-stone-100">
        <main className="mx-auto grid w-full max-w-2xl gap-8 px-5 pt-8 pb-12">
          {page.data ? (
            <Story story={page.data} />
          ) : missing ? (
            <LinkNotWorking />
          ) : page.isError ? (
            <Failed onRetry={() => void page.refetch()} />
          ) : (
            <Loading />
          )}
          <PoweredBy />
        </main>
      </div>
    </I18nextProvider>
  );
}

/** Sets the page's title while it shows, and puts the app's back after. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function Story({ story }: { story: ListeningPage }) {
  const { t } = useTranslation('listen');
  const parts = useRef<HTMLElement>(null);
  usePartsInTurn(parts);
  useDocumentTitle(`${story.title} · Saaga`);
  const several = story.recordings.length > 1;
  return (
    <article className="grid gap-8">
      <header className="grid gap-3">
        <p className="flex items-center gap-2 text-sm font-medium tracking-wide text-amber-200 uppercase">
          <Headphones aria-hidden className="size-4" />
          {t('page.eyebrow')}
        </p>
        <h1 className="font-serif text-3xl leading-tight font-semibold text-stone-50 sm:text-4xl">{story.title}</h1>
        {story.teller && <p className="text-base text-amber-100">{t('page.toldBy', { teller: story.teller })}</p>}
      </header>
      {story.recordings.length === 0 ? (
        <p className="text-stone-300">{t('page.noRecordings')}</p>
      ) : (
        <section ref={parts} aria-label={t('page.recordings')} className="grid gap-5">
          {story.recordings.map((recording, index) =>
            several ? (
              <div key={recording.id} className="grid gap-2">
                <h2 className="text-sm font-semibold text-stone-300">{t('page.part', { number: index + 1 })}</h2>
                <AudioPlayer src={recording.audioUrl} storedDuration={recording.durationSeconds} />
              </div>
            ) : (
              <AudioPlayer key={recording.id} src={recording.audioUrl} storedDuration={recording.durationSeconds} />
            ),
          )}
        </section>
      )}
    </article>
  );
}

/** An unknown token, or one the owner turned off: the server tells no more, nor does the page. */
function LinkNotWorking() {
  const { t } = useTranslation('listen');
  useDocumentTitle(`${t('invalid.documentTitle')} · Saaga`);
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
      <LinkIcon aria-hidden className="size-10 text-stone-500" />
      <h1 className="text-2xl font-semibold text-stone-50">{t('invalid.title')}</h1>
      <p className="max-w-sm text-stone-300">{t('invalid.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'mt-2')}>
        {t('invalid.home')}
      </Link>
    </div>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('listen');
  return <LoadFailed message={t('page.loadFailed')} retryLabel={t('page.retry')} onRetry={onRetry} />;
}

function Loading() {
  const { t } = useTranslation('listen');
  return (
    <div aria-busy="true" aria-label={t('page.loading')} className="grid gap-4">
      <div className="h-4 w-1/3 animate-pulse rounded bg-stone-800" />
      <div className="h-9 w-3/4 animate-pulse rounded bg-stone-800" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-stone-800" />
      <div className="h-[4.5rem] animate-pulse rounded-xl bg-stone-900" />
    </div>
  );
}


