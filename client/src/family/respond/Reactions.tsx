import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { FAMILY_REACTIONS, type FamilyReaction, type FamilyResponsesView } from '../../../../contract/family.ts';
import { isFamilySignInLost, useSetReaction } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { focusRing } from '../../ui/Button.tsx';
import { toast } from '../../ui/toastStore.ts';

const FACES: Record<FamilyReaction, string> = { heart: '❤️', smile: '😊', tears: '😢', hug: '🤗' };

/** Heart, smile, tears, hug with their counts: one per reader; tapping one's own again takes it back. */
export function Reactions({ storyId, reactions }: { storyId: number; reactions: FamilyResponsesView['reactions'] }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const react = useSetReaction(storyId);

  const tap = (reaction: FamilyReaction, mine: boolean) =>
    react.mutate(mine ? null : reaction, {
      onError: (error) => {
        // Refused for want of a sign-in, the page becomes the invalid-link view.
        if (!isFamilySignInLost(error)) toast({ title: t('reactions.failed'), description: errorText(error), variant: 'destructive' });
      },
    });

  return (
    <div role="group" aria-label={t('reactions.label')} className="flex flex-wrap gap-2">
      {FAMILY_REACTIONS.map((reaction) => {
        const shown = reactions.find((one) => one.reaction === reaction);
        const count = shown?.count ?? 0;
        const mine = shown?.mine ?? false;
        return (
          <button
            key={reaction}
            type="button"
            aria-pressed={mine}
            aria-label={t('reactions.button', { reaction: t(`reactions.${reaction}`), count })}
            onClick={() => tap(reaction, mine)}
            className={clsx(
              'inline-flex min-h-11 min-w-16 items-center justify-center gap-1.5 rounded-full border px-3 text-base transition-colors',
              mine ? 'border-amber-300 bg-amber-300/15 text-amber-50' : 'border-stone-700 bg-stone-900 text-stone-200 hover:bg-stone-800',
              focusRing,
            )}
          >
            <span aria-hidden>{FACES[reaction]}</span>
            <span aria-hidden className="text-sm tabular-nums">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
