import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useErrorText } from '../api/useErrorText.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { SwitchField } from '../ui/SwitchField.tsx';
import { toast } from '../ui/toastStore.ts';
import { useFamilyMembers, useFamilySettings, useSaveFamilySettings } from '../api/familyCircle.ts';
import { MemberCard } from './MemberCard.tsx';

/**
 * /family-circle, the storyteller's family circle (issue 28): invite a relative, who is in the
 * circle and what each sees, and whether new stories wait for the owner before the family
 * sees them.
 */
export function FamilyCirclePage() {
  const { t } = useTranslation('familyCircle');
  const members = useFamilyMembers();
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="grid gap-6">
        <p className="text-stone-300">{t('intro')}</p>
        <div>
          <Link to="/family-circle/invite" className={buttonClasses('primary')}>
            <UserPlus aria-hidden className="size-4" />
            {t('invite.open')}
          </Link>
        </div>
        <section aria-labelledby="family-members" className="grid gap-3">
          <h2 id="family-members" className="text-lg font-semibold text-stone-50">
            {t('members.title')}
          </h2>
          {members.isPending ? (
            <SkeletonLines count={3} />
          ) : members.error ? (
            <p role="alert" className="text-sm text-red-300">
              {t('members.loadFailed')}
            </p>
          ) : members.data.length === 0 ? (
            <p className="text-sm text-stone-400">{t('members.empty')}</p>
          ) : (
            <ul className="grid gap-3">
              {members.data.map((member) => (
                <MemberCard key={member.id} member={member} />
              ))}
            </ul>
          )}
        </section>
        <ReviewFirstCard />
      </div>
    </>
  );
}

/** "Review new stories before the family sees them" (GET/PATCH /api/family/settings). */
function ReviewFirstCard() {
  const { t } = useTranslation('familyCircle');
  const errorText = useErrorText();
  const settings = useFamilySettings();
  const save = useSaveFamilySettings();
  if (!settings.data) return null;
  const checked = save.isPending && save.variables ? save.variables.reviewFirst : settings.data.reviewFirst;
  return (
    <Card>
      <SwitchField
        label={t('reviewFirst.label')}
        hint={t('reviewFirst.hint')}
        checked={checked}
        onChange={(reviewFirst) =>
          save.mutate(
            { reviewFirst },
            { onError: (error) => toast({ title: t('reviewFirst.failed'), description: errorText(error), variant: 'destructive' }) },
          )
        }
      />
    </Card>
  );
}
