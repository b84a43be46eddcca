import { useEffect } from 'react';
import { Heart, MessageCircle, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFamilySignInLost, useStoryResponses } from '../../api/familyRespond.ts';
import { useErrorText } from '../../api/useErrorText.ts';
import { Card } from '../../ui/Card.tsx';
import { SkeletonLines } from '../../ui/SkeletonLines.tsx';
import { CommentBox } from './CommentBox.tsx';
import { CommentList } from './CommentList.tsx';
import { Reactions } from './Reactions.tsx';
import { ReplyList } from './ReplyList.tsx';
import { ReplyRecorder } from './ReplyRecorder.tsx';
import { UnsentReplies } from './UnsentReplies.tsx';
import { useReaderKey } from './readerKey.ts';

/**
 * What a relative does on a story they read (issue 28): react (heart, smile, tears, hug),
 * comment, and reply by voice; their own comments and replies can be taken back.
 */
export function StoryResponses({ storyId }: { storyId: number }) {
  const { t } = useTranslation('familyRespond');
  const errorText = useErrorText();
  const responses = useStoryResponses(storyId);
  const reader = useReaderKey();
  const signInLost = useFamilySignInLost();
  // Refused for want of a sign-in: the page around reads its circles again and shows the invalid-link view.
  useEffect(() => signInLost(responses.error), [signInLost, responses.error]);

  if (responses.isPending) {
    return (
      <div aria-busy="true" aria-label={t('loading')} className="grid gap-3">
        <SkeletonLines count={3} />
      </div>
    );
  }
  if (responses.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-400/30 bg-red-950/40 p-4 text-sm text-red-100">
        {t('loadFailed')} {errorText(responses.error)}
      </p>
    );
  }
  const { comments, reactions, replies } = responses.data;

  return (
    <section aria-labelledby="family-responses-title" className="grid gap-6">
      <h2 id="family-responses-title" className="sr-only">
        {t('title')}
      </h2>
      <Card title={t('reactions.title')} icon={<Heart aria-hidden className="size-5" />}>
        <Reactions storyId={storyId} reactions={reactions} />
      </Card>
      <Card title={t('comments.title')} icon={<MessageCircle aria-hidden className="size-5" />}>
        <div className="grid gap-4">
          <CommentList storyId={storyId} comments={comments} />
          <CommentBox storyId={storyId} reader={reader} />
        </div>
      </Card>
      <Card title={t('replies.title')} description={t('replies.description')} icon={<Mic aria-hidden className="size-5" />}>
        <div className="grid gap-4">
          <ReplyList storyId={storyId} replies={replies} />
          {reader && <UnsentReplies storyId={storyId} reader={reader} />}
          {reader && <ReplyRecorder storyId={storyId} reader={reader} />}
        </div>
      </Card>
    </section>
  );
}
