import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePerson } from '../api/people.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { parseRouteId } from '../shell/routeId.ts';
import { EntryDetail } from './EntryDetail.tsx';
import { personBody, personFormValues } from './entryForms.ts';
import { relationshipText } from './options.ts';
import { PersonFields } from './PersonFields.tsx';
import { DetailText } from './DetailText.tsx';

/** /people/:personId: a person's page (spec 2, Person detail). */
export function PersonDetailPage() {
  const { t } = useTranslation('people');
  const language = useLanguage();
  const id = parseRouteId(useParams().personId) ?? 0;
  const person = usePerson(id);
  return (
    <EntryDetail
      kind="person"
      query={person}
      listPath="/people"
      toValues={() => personFormValues(person.data)}
      name={(values) => values.name}
      body={(values) => personBody(values, language)}
      fields={(values, change) => <PersonFields values={values} change={change} />}
      view={() => ({
        title: person.data?.name,
        lines: (
          <>
            <p className="mt-1 text-stone-300">{relationshipText(t, person.data?.relationship) ?? t('row.noRelationship')}</p>
            <DetailText label={t('form.characterization')} text={person.data?.characterization} />
          </>
        ),
      })}
    />
  );
}
