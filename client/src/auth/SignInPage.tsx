import { useState, type FormEvent } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../../contract/languages.ts';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import clsx from 'clsx';
import { PASSWORD_MIN, passwordLength } from '../../../contract/auth.ts';
import { CURRENT_USER_KEY, storeCurrentUser } from '../api/currentUser.ts';
import { useAuthProviders } from '../api/authProviders.ts';
import { signIn as signInWith, signUp } from '../api/localAccount.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { toast } from '../ui/toastStore.ts';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { Field } from '../ui/Input.tsx';
import { AuthPageFrame, quietLinkClasses } from './AuthPageFrame.tsx';
import type { ForgotPasswordState } from './ForgotPasswordPage.tsx';

type Mode = 'signIn' | 'signUp';
const MODES: Mode[] = ['signIn', 'signUp'];

interface Form {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}
type FieldErrors = Partial<Record<keyof Form, string>>;

const EMPTY_FORM: Form = { email: '', password: '', firstName: '', lastName: '' };

/** Sign-up's outcome when the sign-in after it failed: the address has an account with another password. */
class CheckInbox extends Error {}

/** Local accounts: sign in or create an account with e-mail and password; provider buttons when offered. */
export function SignInPage() {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // "Get started" on the landing page opens the page on creating an account (?mode=create).
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(searchParams.get('mode') === 'create' ? 'signUp' : 'signIn');
  const [form, setForm] = useState<Form>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const providers = useAuthProviders();

  const signIn = () => signInWith({ email: form.email, password: form.password });
  // Sign-up answers alike whether the address is new or taken (it tells nobody which); signing
  // in with the same credentials next lets a new person straight in, and tells a stranger nothing new.
  const signUpThenIn = async () => {
    await signUp({
      email: form.email,
      password: form.password,
      firstName: form.firstName,
      lastName: form.lastName.trim() || undefined,
      language: toLanguage(i18n.language),
    });
    try {
      return await signIn();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_credentials') throw new CheckInbox();
      throw error;
    }
  };

  const submit = useMutation({
    mutationFn: () => (mode === 'signIn' ? signIn() : signUpThenIn()),
    onSuccess: async (body) => {
      storeCurrentUser(queryClient, body);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      if (mode === 'signUp') toast({ title: t('signUp.verificationSent', { email: form.email.trim() }) });
      await navigate('/', { replace: true });
    },
  });

  // A validation error about one field shows at that field; any other error above the button.
  const failure = submit.error instanceof ApiRequestError ? submit.error : null;
  const weakPassword = failure?.code === 'password_too_weak';
  const serverField = weakPassword
    ? 'password'
    : failure?.code === 'validation' && failure.field && failure.field in EMPTY_FORM
      ? (failure.field as keyof Form)
      : undefined;
  const serverText = () => (weakPassword ? t('errors.passwordTooWeak') : errorText(submit.error));
  const formError = submit.error && !serverField ? errorText(submit.error) : null;
  const errorOf = (key: keyof Form) => fieldErrors[key] ?? (serverField === key && submit.error ? serverText() : undefined);

  const update = (key: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [key]: undefined }));
    if (submit.error) submit.reset();
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setFieldErrors({});
    submit.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!form.email.trim()) errors.email = t('errors.emailRequired');
    if (!form.password) errors.password = t('errors.passwordRequired');
    if (mode === 'signUp') {
      if (form.password && passwordLength(form.password) < PASSWORD_MIN) {
        errors.password = t('errors.passwordTooShort', { count: PASSWORD_MIN });
      }
      if (!form.firstName.trim()) errors.firstName = t('errors.firstNameRequired');
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) submit.mutate();
  };

  const offersProviders = providers.data && (providers.data.google || providers.data.oidc);

  if (submit.error instanceof CheckInbox) {
    return (
      <AuthPageFrame title={t('checkInbox.title')}>
        <p role="status" className="mt-6 rounded-xl border border-stone-700 bg-stone-900 px-4 py-4 text-stone-100">
          {t('checkInbox.body', { email: form.email.trim() })}
        </p>
        <Button className="mt-8" onClick={() => switchMode('signIn')}>
          {t('checkInbox.signIn')}
        </Button>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame title={t(`${mode}.title`)} subtitle={t(`${mode}.subtitle`)}>
      <Tabs.Root value={mode} onValueChange={(next) => switchMode(next as Mode)}>
        <Tabs.List aria-label={t('tabsLabel')} className="mt-8 grid grid-cols-2 gap-1 rounded-xl bg-stone-900 p-1">
          {MODES.map((item) => (
            <Tabs.Trigger
              key={item}
              value={item}
              className={clsx(
                'min-h-11 rounded-lg text-sm font-medium transition-colors',
                focusRing,
                mode === item ? 'bg-stone-700 text-stone-50' : 'text-stone-400 hover:text-stone-100',
              )}
            >
              {t(`${item}.tab`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {/* One panel for both tabs: the form stays, its fields and typed words with it. */}
        <Tabs.Content value={mode} asChild>
          <form noValidate onSubmit={onSubmit} className={clsx('mt-6 grid gap-4', focusRing)}>
            {mode === 'signUp' && (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t('firstName')}
                  name="firstName"
                  autoComplete="given-name"
                  value={form.firstName}
                  onChange={update('firstName')}
                  error={errorOf('firstName')}
                  required
                />
                <Field
                  label={t('lastName')}
                  name="lastName"
                  autoComplete="family-name"
                  value={form.lastName}
                  onChange={update('lastName')}
                  error={errorOf('lastName')}
                />
              </div>
            )}
            <Field
              label={t('email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.email}
              onChange={update('email')}
              error={errorOf('email')}
              required
            />
            <Field
              label={t('password')}
              name="password"
              type="password"
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              minLength={mode === 'signUp' ? PASSWORD_MIN : undefined}
              value={form.password}
              onChange={update('password')}
              hint={mode === 'signUp' ? t('passwordRule', { count: PASSWORD_MIN }) : undefined}
              error={errorOf('password')}
              required
            />
            {mode === 'signIn' && (
              <Link
                to="/forgot-password"
                state={{ email: form.email.trim() } satisfies ForgotPasswordState}
                className={`justify-self-end ${quietLinkClasses}`}
              >
                {t('forgotLink')}
              </Link>
            )}
            <FormAlert>{formError}</FormAlert>
            <Button type="submit" disabled={submit.isPending} className="mt-2">
              {submit.isPending ? t('working') : t(`${mode}.submit`)}
            </Button>
          </form>
        </Tabs.Content>
      </Tabs.Root>

      {offersProviders && (
        <div className="mt-8 grid gap-3">
          <p className="text-center text-sm text-stone-400">{t('or')}</p>
          {providers.data?.google && (
            <a href="/api/auth/google" className={buttonClasses('secondary')}>
              {t('google')}
            </a>
          )}
          {providers.data?.oidc && (
            <a href="/api/login" className={buttonClasses('secondary')}>
              {t('oidc')}
            </a>
          )}
        </div>
      )}
    </AuthPageFrame>
  );
}
