import { useState } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyCircleView } from '../../../../contract/family.ts';
import { toLanguage, type Language } from '../../../../contract/languages.ts';
import { useUpdateFamilyMe } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { ChoiceGroup } from '../../settings/ChoiceGroup.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';

/**
 * The reader's language: the family pages speak it at once (their frame follows the circle's
 * language; the app's own, a signed-in browser's, stays), and every circle's e-mails come in
 * it (the server keeps one per circle; a person reads in one, so all of theirs change together).
 */
export function ReaderLanguage({ circles }: { circles: FamilyCircleView[] }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const update = useUpdateFamilyMe();
  // The choice shows the moment it is made (a controlled radio would spring back until the answer).
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? toLanguage(circles[0].language);

  // Refused, it is put back by itself (useUpdateFamilyMe).
  const choose = async (next: Language) => {
    setChosen(next);
    try {
      await Promise.all(circles.map((circle) => update.mutateAsync({ circle: circle.circle, patch: { language: next } })));
    } catch (error) {
      toast({ title: t('settings.saveFailed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setChosen(null);
    }
  };

  return (
    <Card title={t('settings.language')} description={t('settings.languageHint')} icon={<Languages aria-hidden className="size-5" />}>
      <ChoiceGroup
        legend={t('settings.languageLegend')}
        name="reader-language"
        value={language}
        onChange={(next) => void choose(next)}
        choices={[
          { value: 'en', label: 'English' },
          { value: 'fi', label: 'Suomi' },
        ]}
      />
    </Card>
  );
}
