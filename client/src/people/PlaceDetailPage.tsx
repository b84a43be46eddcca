import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePlace } from '../api/people.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { parseRouteId } from '../shell/routeId.ts';
import { DetailText } from './DetailText.tsx';
import { EntryDetail } from './EntryDetail.tsx';
import { placeBody, placeFormValues } from './entryForms.ts';
import { placeTypeText } from './options.ts';
import { PlaceFields } from './PersonFields.tsx';

/** /people/places/:placeId: a place's page (spec 2, Place detail), the type's emoji by the name. */
export function PlaceDetailPage() {
  const { t } = useTranslation('people');
  const language = useLanguage();
  const id = parseRouteId(useParams().placeId) ?? 0;
  const place = usePlace(id);
  const type = placeTypeText(t, place.data?.type);
  return (
    <EntryDetail
      kind="place"
      query={place}
      listPath="/people/places"
      toValues={() => placeFormValues(place.data)}
      name={(values) => values.name}
      body={(values) => placeBody(values, language)}
      fields={(values, change) => <PlaceFields values={values} change={change} />}
      view={() => ({
        title: (
          <>
            <span aria-hidden className="mr-2">
              {type.emoji}
            </span>
            {place.data?.name}
          </>
        ),
        lines: (
          <>
            <p className="mt-1 text-stone-300">{type.text ?? t('row.noType')}</p>
            <DetailText label={t('form.description')} text={place.data?.description} />
            <DetailText label={t('form.significance')} text={place.data?.significance} />
          </>
        ),
      })}
    />
  );
}
