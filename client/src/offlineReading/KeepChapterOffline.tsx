import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/currentUser.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatFileSize } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { canKeepOffline, keepChapter, keptChapter, removeKeptChapter, type KeptChapter } from './keptChapters.ts';

type State = { kind: 'loading' } | { kind: 'notKept' } | { kind: 'keeping'; done: number; total: number } | { kind: 'kept'; kept: KeptChapter } | { kind: 'failed' };

/** "Keep offline" on a chapter's page: its stories and their audio on this device, with the size, and a way to remove them. */
export function KeepChapterOffline({ chapterId }: { chapterId: number }) {
  const { t } = useTranslation('installable');
  const language = useLanguage();
  const userId = useCurrentUser().data?.id;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const available = canKeepOffline();

  useEffect(() => {
    if (!userId || !available) return;
    let current = true;
    void keptChapter(userId, chapterId)
      .then((kept) => current && setState(kept ? { kind: 'kept', kept } : { kind: 'notKept' }))
      .catch(() => current && setState({ kind: 'notKept' }));
    return () => {
      current = false;
    };
  }, [userId, chapterId, available]);

  if (!userId || !available || state.kind === 'loading') return null;

  const keep = () => {
    setState({ kind: 'keeping', done: 0, total: 0 });
    keepChapter(userId, chapterId, (done, total) => setState({ kind: 'keeping', done, total })).then(
      (kept) => setState({ kind: 'kept', kept }),
      () => setState({ kind: 'failed' }),
    );
  };
  const remove = () => void removeKeptChapter(userId, chapterId).then(() => setState({ kind: 'notKept' }));

  return (
    <section aria-labelledby="keep-offline" className="grid gap-2 rounded-xl border border-stone-800 p-4">
      <h2 id="keep-offline" className="font-medium text-stone-50">
        {t('keepOffline.title')}
      </h2>
      {state.kind === 'kept' ? (
        <>
          <p className="text-sm text-stone-300">{t('keepOffline.kept', { size: formatFileSize(state.kept.bytes, language) })}</p>
          <div>
            <Button variant="secondary" onClick={remove}>
              {t('keepOffline.remove')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-400">{t('keepOffline.description')}</p>
          {state.kind === 'failed' && (
            <p role="alert" className="text-sm text-red-300">
              {t('keepOffline.failed')}
            </p>
          )}
          <div>
            <Button variant="secondary" onClick={keep} disabled={state.kind === 'keeping'}>
              {state.kind === 'keeping' ? t('keepOffline.keeping', { done: state.done, total: state.total }) : t('keepOffline.keep')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
