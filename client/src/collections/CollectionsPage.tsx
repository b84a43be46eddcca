import { useTranslation } from 'react-i18next';
import { AutobiographyList } from '../autobiography/AutobiographyList.tsx';
import { ChapterList } from '../chapters/ChapterList.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';

/**
 * /collections and /autobiography, the Biography tab (spec 2, Collections): the chapters
 * the stories are gathered into, then the autobiographies generated from them.
 */
export function CollectionsPage() {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('screens.biography')} />
      <div className="grid gap-8">
        <ChapterList />
        <AutobiographyList />
      </div>
    </>
  );
}
