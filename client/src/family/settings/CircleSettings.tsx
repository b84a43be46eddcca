import { useState } from 'react';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyCircleView, FamilyNotice } from '../../../../contract/family.ts';
import { useUpdateFamilyMe } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { ChoiceGroup } from '../../settings/ChoiceGroup.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';
import { ReaderNameField } from './ReaderNameField.tsx';

/** The reader's name and e-mails about new stories in one circle (each is the storyteller's own). */
export function CircleSettings({ circle, reader }: { circle: FamilyCircleView; reader: string }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const update = useUpdateFamilyMe();

  // The choice shows the moment it is made (a controlled radio would spring back until the answer).
  const [chosen, setChosen] = useState<FamilyNotice | null>(null);
  const chooseNotice = (notice: FamilyNotice) => {
    setChosen(notice);
    update.mutate(
      { circle: circle.circle, patch: { notice } },
      {
        onSuccess: () => toast({ title: t('settings.noticeSaved') }),
        onError: (error) => toast({ title: t('settings.saveFailed'), description: errorText(error), variant: 'destructive' }),
        onSettled: () => setChosen(null),
      },
    );
  };

  return (
    <Card title={t('settings.circleTitle', { teller: circle.tellerName })} icon={<Users aria-hidden className="size-5" />}>
      <div className="grid gap-5">
        <ReaderNameField circle={circle.circle} name={circle.name} reader={reader} />
        <ChoiceGroup
          legend={t('settings.notices')}
          name={`notice-${circle.circle}`}
          value={chosen ?? circle.notice}
          onChange={chooseNotice}
          choices={[
            { value: 'each', label: t('settings.notice.each'), hint: t('settings.notice.eachHint') },
            { value: 'weekly', label: t('settings.notice.weekly'), hint: t('settings.notice.weeklyHint') },
            { value: 'off', label: t('settings.notice.off'), hint: t('settings.notice.offHint') },
          ]}
        />
      </div>
    </Card>
  );
}
