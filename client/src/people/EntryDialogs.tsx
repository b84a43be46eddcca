import { useLanguage } from '../i18n/appLanguage.ts';
import type { PersonEntry, PlaceEntry } from '../api/people.ts';
import { EntryFormDialog } from './EntryFormDialog.tsx';
import { personBody, personFormValues, placeBody, placeFormValues } from './entryForms.ts';
import { PersonFields, PlaceFields } from './PersonFields.tsx';

interface DialogProps<Entry> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; none to add one. */
  entry?: Entry | null;
  /** A new record's name, e.g. an unlinked label. */
  name?: string;
  /** The group of unlinked labels it is created from, tied to it once saved. */
  labels?: string[];
}

/** Add or edit a person. */
export function PersonDialog({ open, onOpenChange, entry, name, labels }: DialogProps<PersonEntry>) {
  const language = useLanguage();
  return (
    <EntryFormDialog
      kind="person"
      open={open}
      onOpenChange={onOpenChange}
      editing={entry ?? null}
      labels={labels}
      initial={personFormValues(entry ?? undefined, name)}
      name={(values) => values.name}
      body={(values) => personBody(values, language)}
      fields={(values, change) => <PersonFields values={values} change={change} />}
    />
  );
}

/** Add or edit a place. */
export function PlaceDialog({ open, onOpenChange, entry, name, labels }: DialogProps<PlaceEntry>) {
  const language = useLanguage();
  return (
    <EntryFormDialog
      kind="place"
      open={open}
      onOpenChange={onOpenChange}
      editing={entry ?? null}
      labels={labels}
      initial={placeFormValues(entry ?? undefined, name)}
      name={(values) => values.name}
      body={(values) => placeBody(values, language)}
      fields={(values, change) => <PlaceFields values={values} change={change} />}
    />
  );
}
