import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoryDto } from '../../../contract/library.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { SwitchField } from '../ui/SwitchField.tsx';
import { toast } from '../ui/toastStore.ts';
import { useFamilySettings, useSetOnlyMe, useShareWithFamily } from '../api/familyCircle.ts';

/**
 * The story page's family card: "Only me" (hidden from every reader, whatever they may see),
 * when the family got it, and "Share with family" for a written story still waiting for the
 * owner who reviews new stories first.
 */
export function FamilyStoryCard({ story }: { story: StoryDto }) {
  const { t } = useTranslation('familyCircle');
  const language = useLanguage();
  const errorText = useErrorText();
  const onlyMe = useSetOnlyMe(story.id);
  const share = useShareWithFamily(story.id);
  const reviewFirst = useFamilySettings().data?.reviewFirst ?? false;
  const shownOnlyMe = onlyMe.isPending && onlyMe.variables !== undefined ? onlyMe.variables : story.onlyMe;
  const waiting = !story.sharedWithFamilyAt && reviewFirst && story.processingStatus === 'generated';

  return (
    <Card title={t('story.title')} icon={<Users aria-hidden className="size-5" />}>
      <div className="grid gap-4">
        <SwitchField
          label={t('story.onlyMe')}
          hint={t('story.onlyMeHint')}
          checked={shownOnlyMe}
          onChange={(next) =>
            onlyMe.mutate(next, { onError: (error) => toast({ title: t('story.onlyMeFailed'), description: errorText(error), variant: 'destructive' }) })
          }
        />
        {!shownOnlyMe && story.sharedWithFamilyAt && (
          <p className="text-sm text-stone-400">{t('story.shared', { date: formatDate(story.sharedWithFamilyAt, language) })}</p>
        )}
        {!shownOnlyMe && waiting && (
          <div className="grid gap-3 border-t border-stone-800 pt-4">
            <p className="text-sm text-stone-300">{t('story.waiting')}</p>
            <div>
              <Button
                onClick={() =>
                  share.mutate(undefined, {
                    onSuccess: () => toast({ title: t('story.sharedToast') }),
                    onError: (error) => toast({ title: t('story.shareFailed'), description: errorText(error), variant: 'destructive' }),
                  })
                }
                disabled={share.isPending}
              >
                {share.isPending ? t('story.sharing') : t('story.share')}
              </Button>
            </div>
          </div>
        )}
        <Link to="/family-circle" className="text-sm text-amber-300 underline underline-offset-4">
          {t('story.circleLink')}
        </Link>
      </div>
    </Card>
  );
}
