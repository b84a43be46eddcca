import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/Button.tsx';
import { conversationLink } from './conversationLink.ts';

/** The way into a spoken interview: from an interviewer question (a shorter label beside Record), or open-ended. */
export function TalkWithSaagaLink({ question, questionId, className }: { question?: string; questionId?: string; className?: string }) {
  const { t } = useTranslation('conversation');
  return (
    <Link
      to={conversationLink({ question, questionId })}
      aria-label={question ? t('talkAbout', { question }) : undefined}
      className={buttonClasses('secondary', className)}
    >
      <MessageCircle aria-hidden className="size-4" />
      {t(question ? 'entryShort' : 'entry')}
    </Link>
  );
}
