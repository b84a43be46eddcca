import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN, passwordLength } from '../../../contract/auth.ts';
import { CURRENT_USER_KEY, storeCurrentUser } from '../api/currentUser.ts';
import { checkResetLink, resetPassword } from '../api/localAccount.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { AuthPageFrame, quietLinkClasses } from './AuthPageFrame.tsx';

/**
 * Whether the link can still be used, asked as the page opens (204, else 410
 * reset_link_invalid): a spent link says so at once, not after a new password was typed.
 * Not retried; anything but a 410 leaves the form to find out.
 */
function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['/api/auth/local/reset-password', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** The page a reset e-mail links to: a new password, then the person is signed in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const check = useResetLinkCheck(token);

  const save = useMutation({
    mutationFn: () => resetPassword({ token, password }),
    onSuccess: async (body) => {
      // Whatever this browser held for someone signed in before is not this account's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      storeCurrentUser(queryClient, body);
      await navigate('/', { replace: true });
    },
  });

  const failure = save.error instanceof ApiRequestError ? save.error : null;
  const spentOnOpening = check.error instanceof ApiRequestError && check.error.code === 'reset_link_invalid';
  if (!token || spentOnOpening || failure?.code === 'reset_link_invalid') {
    return (
      <AuthPageFrame title={t('reset.invalidTitle')}>
        <p role="alert" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
          {t('codes.reset_link_invalid', { ns: 'errors' })}
        </p>
        <Link to="/forgot-password" className={buttonClasses('primary', 'mt-8')}>
          {t('reset.askAgain')}
        </Link>
        <Link to="/sign-in" className={`mt-6 self-start ${quietLinkClasses}`}>
          {t('forgot.backToSignIn')}
        </Link>
      </AuthPageFrame>
    );
  }

  // A password the server refused shows at the field; anything else (network, too many tries) above the button.
  const weak = failure?.code === 'password_too_weak';
  const atField = weak || failure?.field === 'password';
  const fieldError = passwordError ?? (weak ? t('errors.passwordTooWeak') : atField ? errorText(failure) : undefined);
  const formError = save.error && !atField ? errorText(save.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setPasswordError(t('errors.passwordRequired'));
    if (passwordLength(password) < PASSWORD_MIN) return setPasswordError(t('errors.passwordTooShort', { count: PASSWORD_MIN }));
    save.mutate();
  };

  if (check.isPending) {
    return (
      <AuthPageFrame title={t('reset.title')}>
        <div aria-busy="true" aria-label={t('reset.checking')} className="mt-8 h-24 animate-pulse rounded-xl bg-stone-800" />
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="mt-8 grid gap-4">
        <Field
          label={t('reset.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
            if (save.error) save.reset();
          }}
          hint={t('passwordRule', { count: PASSWORD_MIN })}
          error={fieldError}
          required
        />
        <FormAlert>{formError}</FormAlert>
        <Button type="submit" disabled={save.isPending} className="mt-2">
          {save.isPending ? t('working') : t('reset.submit')}
        </Button>
      </form>
    </AuthPageFrame>
  );
}
