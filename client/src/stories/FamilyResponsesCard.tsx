import { useState } from 'react';
import { MessageCircleHeart, Reply, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyCommentView, FamilyReaction } from '../../../contract/family.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useAnswerComment, useDeleteComment, useStoryResponses } from '../api/familyResponses.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EditableText } from '../ui/EditableText.tsx';

/** How each reaction looks; its name is read out from the words. */
export const REACTION_EMOJI: Record<FamilyReaction, string> = { heart: '❤️', smile: '😊', tears: '🥲', hug: '🤗' };

/**
 * The family circle's responses on the storyteller's own story (issue 28): the reactions, the
 * readers' comments with the storyteller's answers and a box to answer (guarded like every
 * editor), and the voice replies, which are also among the story's recordings under the
 * reader's name, to weave in when the story is updated, or not. Nothing shows before anyone responded.
 */
export function FamilyResponsesCard({ storyId }: { storyId: number }) {
  const { t } = useTranslation('familyResponses');
  const language = useLanguage();
  const responses = useStoryResponses(storyId);
  const answer = useAnswerComment(storyId);
  const ownerId = useCurrentUser().data?.id ?? null;
  const [deleting, setDeleting] = useState<FamilyCommentView | null>(null);
  const remove = useDeleteComment(storyId);
  const data = responses.data;
  if (!data || data.comments.length + data.reactions.length + data.replies.length === 0) return null;

  return (
    <Card title={t('story.title')} icon={<MessageCircleHeart aria-hidden className="size-5 text-amber-300" />} description={t('story.description')}>
      <div className="grid gap-5">
        {data.reactions.length > 0 && (
          <ul aria-label={t('story.reactions')} className="flex flex-wrap gap-2">
            {data.reactions.map((reaction) => (
              <li key={reaction.reaction} className="flex items-center gap-1.5 rounded-full border border-stone-700 bg-stone-950 px-3 py-1 text-sm text-stone-200">
                <span aria-hidden>{REACTION_EMOJI[reaction.reaction]}</span>
                <span>{t('story.reactionCount', { count: reaction.count, reaction: t(`reactions.${reaction.reaction}`) })}</span>
              </li>
            ))}
          </ul>
        )}

        {data.comments.length > 0 && (
          <ul aria-label={t('story.comments')} className="grid gap-3">
            {data.comments.map((comment) => (
              <li key={comment.id} className={`grid gap-1 rounded-xl border p-3 ${comment.byTeller ? 'ml-6 border-amber-300/30 bg-amber-300/5' : 'border-stone-800 bg-stone-950/60'}`}>
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold text-stone-100">{comment.byTeller ? t('story.you') : comment.authorName}</span>
                  <span className="text-stone-500">{formatDate(comment.createdAt, language)}</span>
                </p>
                <p className="whitespace-pre-wrap text-stone-200">{comment.body}</p>
                <Button
                  variant="ghost"
                  className="-ml-2 justify-self-start text-sm text-stone-400"
                  aria-label={t('story.deleteComment', { name: comment.byTeller ? t('story.you') : comment.authorName })}
                  onClick={() => setDeleting(comment)}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t('story.delete')}
                </Button>
              </li>
            ))}
          </ul>
        )}

        {data.comments.length > 0 && (
          <EditableText
            text=""
            label={t('story.answerLabel')}
            draftKey={`story:${storyId}:family-answer`}
            ownerId={ownerId}
            save={(body, done) => answer.mutate(body, done)}
            saving={answer.isPending}
            savingLabel={t('story.sending')}
            savedMessage={t('story.answerSent')}
            saveFailedMessage={t('story.answerFailed')}
          >
            {(edit) => (
              <Button variant="secondary" className="justify-self-start" onClick={edit}>
                <Reply aria-hidden className="size-4" />
                {t('story.answer')}
              </Button>
            )}
          </EditableText>
        )}

        {data.replies.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-stone-100">{t('story.replies')}</h3>
            <ul className="grid gap-3">
              {data.replies.map((reply) => (
                <li key={reply.id} className="grid gap-2 rounded-xl border border-stone-800 bg-stone-950/60 p-3">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold text-stone-100">{reply.authorName}</span>
                    <span className="text-stone-500">{formatDate(reply.createdAt, language)}</span>
                  </p>
                  <audio controls preload="none" src={reply.audioUrl} aria-label={t('story.replyAudio', { name: reply.authorName })} className="w-full" />
                </li>
              ))}
            </ul>
            <p className="text-sm text-stone-400">{t('story.repliesHint')}</p>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('story.deleteTitle')}
        description={deleting ? t('story.deleteDescription', { name: deleting.byTeller ? t('story.you') : deleting.authorName }) : ''}
        confirmLabel={t('story.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
