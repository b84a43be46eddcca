import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The library row's small mark of a story hidden from the family ("Only me"). */
export function OnlyMeMark() {
  const { t } = useTranslation('familyCircle');
  return (
    <span className="flex items-center gap-1 text-stone-300">
      <EyeOff aria-hidden className="size-3.5" />
      {t('libraryMark')}
    </span>
  );
}
