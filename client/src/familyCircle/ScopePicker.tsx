import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { FamilyScope } from '../../../contract/family.ts';
import { useChapters } from '../api/chapters.ts';
import { ChoiceGroup } from '../settings/ChoiceGroup.tsx';

/** What a member sees while it is being chosen: everything, or the chapters ticked (maybe none yet). */
export interface ScopeChoice {
  all: boolean;
  chapterIds: number[];
}

export const scopeChoiceOf = (scope: FamilyScope): ScopeChoice =>
  'all' in scope ? { all: true, chapterIds: [] } : { all: false, chapterIds: scope.chapterIds };

/** The scope to send, or null when "chosen chapters" has none ticked. */
export const scopeOf = (choice: ScopeChoice): FamilyScope | null =>
  choice.all ? { all: true } : choice.chapterIds.length > 0 ? { chapterIds: choice.chapterIds } : null;

export const sameScope = (a: ScopeChoice, b: ScopeChoice) =>
  a.all === b.all && (a.all || [...a.chapterIds].sort().join(',') === [...b.chapterIds].sort().join(','));

/** Everything, or chosen chapters from the owner's own (in their order), ticked one by one. */
export function ScopePicker({ name, value, onChange, error }: { name: string; value: ScopeChoice; onChange: (next: ScopeChoice) => void; error?: string }) {
  const { t } = useTranslation('familyCircle');
  const chapters = useChapters();
  const toggle = (id: number) =>
    onChange({ all: false, chapterIds: value.chapterIds.includes(id) ? value.chapterIds.filter((other) => other !== id) : [...value.chapterIds, id] });
  return (
    <div className="grid gap-3">
      <ChoiceGroup
        legend={t('scope.legend')}
        name={name}
        value={value.all ? 'all' : 'chapters'}
        choices={[
          { value: 'all', label: t('scope.all'), hint: t('scope.allHint') },
          { value: 'chapters', label: t('scope.chapters'), hint: t('scope.chaptersHint') },
        ]}
        onChange={(next) => onChange({ all: next === 'all', chapterIds: value.chapterIds })}
      />
      {!value.all && (
        <fieldset className="grid gap-1.5" aria-describedby={error ? `${name}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-stone-200">{t('scope.pickerLabel')}</legend>
          {chapters.data && chapters.data.length === 0 && <p className="text-sm text-stone-400">{t('scope.noChapters')}</p>}
          <ul className="grid overflow-hidden rounded-lg border border-stone-700">
            {chapters.data?.map((chapter) => {
              const checked = value.chapterIds.includes(chapter.id);
              return (
                <li key={chapter.id} className="border-stone-700 not-first:border-t">
                  <label
                    className={clsx(
                      'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-amber-300',
                      checked ? 'bg-stone-800' : 'hover:bg-stone-800/60',
                    )}
                  >
                    <input type="checkbox" checked={checked} onChange={() => toggle(chapter.id)} className="size-4 shrink-0 accent-amber-300 outline-none" />
                    <span className="min-w-0 flex-1 truncate text-sm text-stone-100">{chapter.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          {error && (
            <p id={`${name}-error`} className="text-sm text-red-300">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <p className="text-xs text-stone-400">{t('scope.onlyMeNote')}</p>
    </div>
  );
}
