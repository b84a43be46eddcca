import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import { EmailVerificationCard } from '../auth/EmailVerificationCard.tsx';
import { FamilyCircleCard } from './FamilyCircleCard.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AboutCard } from './AboutCard.tsx';
import { AccountCard } from './AccountCard.tsx';
import { ArchiveExportCard } from './ArchiveExportCard.tsx';
import { AiSettingsCard } from './AiSettingsCard.tsx';
import { AuthorNameCard } from './AuthorNameCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { ImportArchiveCard } from './ImportArchiveCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { LiveTextCard } from './LiveTextCard.tsx';
import { SignedInDevicesCard } from './SignedInDevicesCard.tsx';
import { UsageCard } from './UsageCard.tsx';
import { WeeklyQuestionCard } from './WeeklyQuestionCard.tsx';

/** Settings: language, author name, the weekly question e-mail, AI settings on this device, about, signed-in devices, account, and its deletion. */
export function SettingsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('title')} />
      <div className="grid gap-4">
        <EmailVerificationCard user={user} />
        <LanguageCard user={user} />
        <AuthorNameCard user={user} />
        <FamilyCircleCard />
        <WeeklyQuestionCard />
        <UsageCard />
        <AiSettingsCard />
        <LiveTextCard />
        <AboutCard />
        <SignedInDevicesCard />
        <ArchiveExportCard />
        <ImportArchiveCard />
        <AccountCard user={user} />
        <DeleteAccountCard />
      </div>
    </>
  );
}
