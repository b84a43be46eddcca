import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PASSWORD_RESET_LINK_HOURS } from '../../../contract/auth.ts';
import { requestPasswordReset } from '../api/localAccount.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { AuthPageFrame, quietLinkClasses } from './AuthPageFrame.tsx';

/** What the sign-in page hands over: the address typed there, so nobody types it twice. */
export interface ForgotPasswordState {
  email?: string;
}

/** Asks for a link to set a new password; the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const language = useLanguage();
  const handedOver = (useLocation().state as ForgotPasswordState | null)?.email ?? '';
  const [email, setEmail] = useState(handedOver);
  const [emailError, setEmailError] = useState<string>();

  const send = useMutation({
    // The page's language goes along: the e-mail speaks it to someone who has not chosen one in the app.
    mutationFn: (address: string) => requestPasswordReset({ email: address, language }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setEmailError(t('errors.emailRequired'));
    send.mutate(email.trim());
  };

  if (send.isSuccess) {
    return (
      <AuthPageFrame title={t('forgot.sentTitle')}>
        <p role="status" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
          {t('forgot.sent', { email: send.variables, count: PASSWORD_RESET_LINK_HOURS })}
        </p>
        <p className="mt-4 text-sm text-stone-400">{t('forgot.sentHint')}</p>
        <Link to="/sign-in" className={buttonClasses('primary', 'mt-8')}>
          {t('forgot.backToSignIn')}
        </Link>
        <button type="button" onClick={() => send.reset()} className={`mt-6 self-start ${quietLinkClasses}`}>
          {t('forgot.tryAgain')}
        </button>
      </AuthPageFrame>
    );
  }

  // A refused address shows at the field; anything else (network, too many tries) above the button.
  const fieldFailure = send.error instanceof ApiRequestError && send.error.field === 'email';
  const fieldError = emailError ?? (fieldFailure ? errorText(send.error) : undefined);
  const formError = send.error && !fieldFailure ? errorText(send.error) : null;

  return (
    <AuthPageFrame title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="mt-8 grid gap-4">
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
            if (send.error) send.reset();
          }}
          error={fieldError}
          required
        />
        <FormAlert>{formError}</FormAlert>
        <Button type="submit" disabled={send.isPending} className="mt-2">
          {send.isPending ? t('forgot.sending') : t('forgot.submit')}
        </Button>
      </form>
      <Link to="/sign-in" className={`mt-8 self-start ${quietLinkClasses}`}>
        {t('forgot.backToSignIn')}
      </Link>
    </AuthPageFrame>
  );
}
