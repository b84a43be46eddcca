import { useTranslation } from 'react-i18next';
import { NAME_MAX, TEXT_MAX, type Relationship } from '../../../contract/people-places.ts';
import { Field } from '../ui/Input.tsx';
import type { PersonFormValues, PlaceFormValues } from './entryForms.ts';
import { GroupedSelect, TextAreaField } from './FormFields.tsx';
import { placeTypeGroups, relationshipGroups } from './options.ts';

interface FieldsProps<Values> {
  values: Values;
  change: (patch: Partial<Values>) => void;
}

/** Name, relationship in its groups (other opens a free-text field), characterization. */
export function PersonFields({ values, change }: FieldsProps<PersonFormValues>) {
  const { t } = useTranslation('people');
  return (
    <>
      <Field label={t('form.name')} value={values.name} onChange={(event) => change({ name: event.target.value })} required maxLength={NAME_MAX} autoComplete="off" />
      <GroupedSelect
        label={t('form.relationship')}
        value={values.relationship}
        placeholder={t('form.relationshipPlaceholder')}
        groups={relationshipGroups(t)}
        onChange={(value) => change({ relationship: value as Relationship | '' })}
      />
      {values.relationship === 'other' && (
        <Field
          label={t('form.customRelationship')}
          value={values.customRelationship}
          onChange={(event) => change({ customRelationship: event.target.value })}
          maxLength={NAME_MAX}
          autoComplete="off"
        />
      )}
      <TextAreaField
        label={t('form.characterization')}
        hint={t('form.characterizationHint')}
        value={values.characterization}
        onChange={(event) => change({ characterization: event.target.value })}
        maxLength={TEXT_MAX}
      />
    </>
  );
}

/** Name, type in its groups with emojis, description, significance. */
export function PlaceFields({ values, change }: FieldsProps<PlaceFormValues>) {
  const { t } = useTranslation('people');
  return (
    <>
      <Field label={t('form.name')} value={values.name} onChange={(event) => change({ name: event.target.value })} required maxLength={NAME_MAX} autoComplete="off" />
      <GroupedSelect
        label={t('form.type')}
        value={values.type}
        placeholder={t('form.typePlaceholder')}
        groups={placeTypeGroups(t, values.type)}
        onChange={(type) => change({ type })}
      />
      <TextAreaField label={t('form.description')} value={values.description} onChange={(event) => change({ description: event.target.value })} maxLength={TEXT_MAX} />
      <TextAreaField label={t('form.significance')} value={values.significance} onChange={(event) => change({ significance: event.target.value })} maxLength={TEXT_MAX} />
    </>
  );
}
