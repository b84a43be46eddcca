import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useOpenRecordLink } from '../api/familyMail.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { AuthPageFrame } from '../auth/AuthPageFrame.tsx';
import { recordingLink } from '../recordings/recordingLink.ts';
import { Button, buttonClasses } from '../ui/Button.tsx';

/**
 * /record-link/:token, the weekly question e-mail's one big link: spends the once-only link
 * (signing this browser in as the storyteller when nobody is) and opens the recorder with the
 * question on screen, in place of this page (Back returns to where the link was opened). The
 * microphone starts only when they press Record there. A browser signed in as someone else is
 * told so and left as it is.
 */
export function RecordLinkPage() {
  const { t } = useTranslation('familyMail');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const opened = useOpenRecordLink(token);

  useEffect(() => {
    if (opened.data) navigate(recordingLink({ promptQuestion: opened.data.question, questionId: opened.data.questionId }), { replace: true });
  }, [opened.data, navigate]);

  if (opened.isPending || opened.isSuccess) {
    return (
      <AuthPageFrame title={t('recordLink.opening')}>
        <p role="status" className="mt-6 text-stone-300">
          {t('recordLink.wait')}
        </p>
      </AuthPageFrame>
    );
  }
  const code = opened.error instanceof ApiRequestError ? opened.error.code : undefined;
  if (code === 'record_link_other_account') {
    return (
      <AuthPageFrame title={t('recordLink.otherAccountTitle')}>
        <p role="alert" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
          {t('recordLink.otherAccount')}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => window.location.assign('/api/logout')}>
            {t('recordLink.signOut')}
          </Button>
          <Link to="/" className={buttonClasses('primary')}>
            {t('recordLink.stay')}
          </Link>
        </div>
      </AuthPageFrame>
    );
  }
  const spent = code === 'record_link_invalid' || token === '';
  return (
    <AuthPageFrame title={spent ? t('recordLink.invalidTitle') : t('recordLink.failedTitle')}>
      <p role="alert" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
        {spent ? t('recordLink.invalid') : errorText(opened.error)}
      </p>
      <Link to="/" className={buttonClasses('primary', 'mt-8')}>
        {t('recordLink.toApp')}
      </Link>
    </AuthPageFrame>
  );
}
