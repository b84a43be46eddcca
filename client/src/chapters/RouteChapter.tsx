import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useChapter, type Chapter } from '../api/chapters.ts';
import { ApiRequestError } from '../api/request.ts';
import { DetailLoading, DetailMessage } from '../shell/DetailStates.tsx';
import { parseRouteId } from '../shell/routeId.ts';
import { CHAPTERS_HOME } from './chapterPaths.ts';

interface RouteChapterProps {
  /** Grey lines while it loads. */
  loadingLines: number;
  /** Where back leads while it loads. */
  loadingBackTo: (chapterId: number) => string;
  children: (chapter: Chapter) => ReactNode;
}

/** The chapter the route's `:chapterId` names: "Chapter not found" or a failed read with the way back, loading, or the screen. */
export function RouteChapter({ loadingLines, loadingBackTo, children }: RouteChapterProps) {
  const { t } = useTranslation('chapters');
  const chapterId = parseRouteId(useParams().chapterId);
  const chapter = useChapter(chapterId);
  if (chapterId === null || (chapter.error instanceof ApiRequestError && chapter.error.status === 404)) {
    return <DetailMessage text={t('chapter.notFound')} backTo={CHAPTERS_HOME} backLabel={t('chapter.backToChapters')} />;
  }
  if (chapter.error) return <DetailMessage text={t('chapter.loadFailed')} backTo={CHAPTERS_HOME} backLabel={t('chapter.backToChapters')} />;
  if (!chapter.data) return <DetailLoading lines={loadingLines} backTo={loadingBackTo(chapterId)} />;
  return children(chapter.data);
}
