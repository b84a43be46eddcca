import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contributorNameSchema, CONTRIBUTOR_NAME_MAX_LENGTH } from '../../../contract/co-author.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';

interface NameStepProps {
  initialName: string;
  /** Why the name is asked for now (upload or delete), shown when it is left empty. */
  requiredText: string;
  onAccept: (name: string) => void;
  onCancel: () => void;
}

/** The name step (spec "Co-author name flow"): Enter or Continue accepts a non-empty trimmed name, Cancel aborts. */
export function NameStep({ initialName, requiredText, onAccept, onCancel }: NameStepProps) {
  const { t } = useTranslation('coAuthor');
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contributorNameSchema.safeParse(name);
    if (!parsed.success) return setError(requiredText);
    onAccept(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field
        label={t('name.label')}
        hint={t('name.hint')}
        name="contributorName"
        autoComplete="name"
        autoFocus
        maxLength={CONTRIBUTOR_NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={error && (
          <>
            <strong className="font-semibold">{t('name.requiredTitle')}</strong>: {error}
          </>
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('name.continue')}</Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('name.cancel')}
        </Button>
      </div>
    </form>
  );
}
