import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkLabels, type EntryKind } from '../api/people.ts';
import { Button } from '../ui/Button.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { GroupedSelect } from './FormFields.tsx';

interface LinkLabelsDialogProps {
  kind: EntryKind;
  /** The group of labels to link; null when closed. */
  labels: string[] | null;
  records: { id: number; name: string }[];
  onClose: () => void;
}

/** Links a group of unlinked labels to a chosen person or place (spec 4). */
export function LinkLabelsDialog({ kind, labels, records, onClose }: LinkLabelsDialogProps) {
  const { t } = useTranslation('people');
  const link = useLinkLabels(kind);
  const [chosen, setChosen] = useState('');
  useEffect(() => setChosen(''), [labels]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!labels || !chosen) return;
    link.mutate(
      { id: Number(chosen), labels },
      {
        onSuccess: () => {
          toast({ title: t('toast.labelsLinked') });
          onClose();
        },
        onError: () => toast({ title: t('toast.errorLinking'), description: t('toast.tryLater'), variant: 'destructive' }),
      },
    );
  };

  return (
    <ModalDialog
      open={labels !== null}
      onOpenChange={(open) => !open && onClose()}
      title={kind === 'person' ? t('link.personTitle') : t('link.placeTitle')}
      description={t('link.description', { labels: labels?.join(', ') ?? '' })}
    >
      <form onSubmit={submit} className="grid gap-4">
        <GroupedSelect
          label={kind === 'person' ? t('link.choosePerson') : t('link.choosePlace')}
          value={chosen}
          placeholder={t('link.placeholder')}
          groups={[{ label: kind === 'person' ? t('tabs.people') : t('tabs.places'), options: records.map((r) => ({ value: String(r.id), label: r.name })) }]}
          onChange={setChosen}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('detail.cancel')}
          </Button>
          <Button type="submit" disabled={!chosen || link.isPending}>
            {t('link.submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
