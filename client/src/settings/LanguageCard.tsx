import { useId } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/auth.ts';
import type { Language } from '../../../contract/languages.ts';
import { useSaveLanguagePreference } from '../api/currentUser.ts';
import { rememberLanguage, switchLanguage, useLanguage } from '../i18n/appLanguage.ts';
import { Card } from '../ui/Card.tsx';
import { Select, type SelectOption } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';

/** Each language named in itself, with its flag. */
const LANGUAGE_OPTIONS: SelectOption<Language>[] = [
  { value: 'en', label: 'English', icon: '🇬🇧' },
  { value: 'fi', label: 'Suomi', icon: '🇫🇮' },
];

/** Language card: switches the interface at once and saves the user's preference. */
export function LanguageCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const save = useSaveLanguagePreference();
  const selectId = useId();

  const choose = (next: Language) => {
    const previous = language;
    switchLanguage(next);
    rememberLanguage(next);
    save.mutate(next, {
      onError: () => {
        switchLanguage(user.languagePreference ?? previous);
        toast({ title: t('language.saveFailed'), variant: 'destructive' });
      },
    });
  };

  return (
    <Card title={t('language.title')} description={t('language.description')} icon={<Languages aria-hidden className="size-5" />}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-stone-200">
        {t('language.label')}
      </label>
      <Select id={selectId} value={language} options={LANGUAGE_OPTIONS} onValueChange={choose} disabled={save.isPending} />
    </Card>
  );
}
