import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyCircleView } from '../../../../contract/family.ts';
import type { Language } from '../../../../contract/languages.ts';
import { useUpdateFamilyMe } from '../../api/familyMe.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { rememberLanguage, switchLanguage, useLanguage } from '../../i18n/appLanguage.ts';
import { ChoiceGroup } from '../../settings/ChoiceGroup.tsx';
import { Card } from '../../ui/Card.tsx';
import { toast } from '../../ui/toastStore.ts';

/**
 * The reader's language: the pages switch at once, and every circle's e-mails come in it (the
 * server keeps a language per circle; a person reads in one, so all of theirs change together).
 */
export function ReaderLanguage({ circles }: { circles: FamilyCircleView[] }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const language = useLanguage();
  const update = useUpdateFamilyMe();

  const choose = async (next: Language) => {
    const previous = language;
    void switchLanguage(next);
    rememberLanguage(next);
    try {
      await Promise.all(circles.map((circle) => update.mutateAsync({ circle: circle.circle, patch: { language: next } })));
    } catch (error) {
      void switchLanguage(previous);
      rememberLanguage(previous);
      toast({ title: t('settings.saveFailed'), description: errorText(error), variant: 'destructive' });
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
