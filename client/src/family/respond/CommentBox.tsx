import { useTranslation } from 'react-i18next';
import { FAMILY_COMMENT_MAX } from '../../../../contract/family.ts';
import { useAddComment } from '../../api/familyRespond.ts';
import { GuardedSendBox } from './GuardedSendBox.tsx';

/** The box a reader writes a comment in, guarded like every editor (GuardedSendBox). */
export function CommentBox({ storyId, reader }: { storyId: number; reader: string | null }) {
  const { t } = useTranslation('familyRespond');
  const add = useAddComment(storyId);
  return (
    <GuardedSendBox
      reader={reader}
      draftKey={`family:story:${storyId}:comment`}
      words={{ label: t('comments.label'), placeholder: t('comments.placeholder'), send: t('comments.send'), sending: t('comments.sending'), failed: t('comments.sendFailed') }}
      maxLength={FAMILY_COMMENT_MAX}
      rows={3}
      send={(text) => add.mutateAsync(text)}
      sending={add.isPending}
    />
  );
}
