import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_DELETION_WORDS, deletionWordMatches } from '../../../contract/archive.ts';
import { deleteAccount, useAccountDeletionCheck } from '../api/accountDeletion.ts';
import { CURRENT_USER_KEY } from '../api/currentUser.ts';
import { ApiRequestError } from '../api/request.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Field } from '../ui/Input.tsx';
import { returnHereAfterSignIn } from './returnAfterSignIn.ts';

const PROVIDER_SIGN_IN = { google: '/api/auth/google', oidc: '/api/login' } as const;
const WHAT_GOES = ['recordings', 'stories', 'people', 'books', 'published', 'coAuthors'] as const;

/**
 * "Delete my account": what goes (everything, for good), the archive first, then the
 * password (or a fresh sign-in through the account's provider) and the word of the
 * interface language; the button stays off until the word is right. Nothing happens before
 * that button, so leaving at any step keeps the account.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation('accountDeletion');
  const errorText = useErrorText();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const check = useAccountDeletionCheck();
  const [password, setPassword] = useState('');
  const [word, setWord] = useState('');
  const expected = ACCOUNT_DELETION_WORDS[language];

  const remove = useMutation({
    mutationFn: () => deleteAccount({ language, confirmation: word, password: password || undefined }),
    onSuccess: async () => {
      await navigate('/account-deleted', { replace: true });
      // Signed out: nothing this browser held of the account is kept.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'sign_in_again') void check.refetch();
    },
  });

  const failure = remove.error instanceof ApiRequestError ? remove.error : null;
  const passwordError = failure?.field === 'password' ? errorText(failure) : undefined;
  const wordError = failure?.field === 'confirmation' ? errorText(failure) : undefined;
  const formError = remove.error && !passwordError && !wordError ? errorText(remove.error) : null;
  const needsPassword = check.data?.confirmWith === 'password';
  const needsSignIn = check.data?.confirmWith === 'signIn' && (!check.data.signedInRecently || failure?.code === 'sign_in_again');
  const ready = check.isSuccess && !needsSignIn && deletionWordMatches(language, word) && (!needsPassword || password !== '');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !remove.isPending) remove.mutate();
  };
  const signInAgain = () => {
    returnHereAfterSignIn();
    window.location.assign(PROVIDER_SIGN_IN[check.data?.provider ?? 'oidc']);
  };

  return (
    <>
      <PageHeader title={t('title')} backTo="/settings" />
      <div className="grid gap-4">
        <Card title={t('whatGoes.title')}>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-stone-300">
            {WHAT_GOES.map((item) => (
              <li key={item}>{t(`whatGoes.${item}`)}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm font-medium text-red-200">{t('whatGoes.final')}</p>
        </Card>

        <Card title={t('archive.title')} description={t('archive.description')} icon={<Archive aria-hidden className="size-5" />}>
          <Link to={{ pathname: '/settings', hash: '#archive' }} className={buttonClasses('secondary')}>
            {t('archive.link')}
          </Link>
        </Card>

        <Card title={t('confirm.title')}>
          {check.isPending && <div aria-busy="true" aria-label={t('confirm.checking')} className="h-24 animate-pulse rounded-xl bg-stone-800" />}
          {check.isError && <FormAlert>{errorText(check.error)}</FormAlert>}
          {check.isSuccess && (
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              {needsPassword && (
                <Field
                  label={t('confirm.password')}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    if (remove.error) remove.reset();
                  }}
                  error={passwordError}
                />
              )}
              {needsSignIn && (
                <div className="grid gap-3 rounded-lg border border-stone-700 bg-stone-900 p-4">
                  <p className="text-sm text-stone-200">{t('confirm.signInAgainWhy')}</p>
                  <Button variant="secondary" onClick={signInAgain} className="self-start">
                    <LogIn aria-hidden className="size-4" />
                    {t('confirm.signInAgain')}
                  </Button>
                </div>
              )}
              <Field
                label={t('confirm.word', { word: expected })}
                name="confirmation"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={word}
                onChange={(event) => {
                  setWord(event.target.value);
                  if (remove.error) remove.reset();
                }}
                hint={t('confirm.wordHint', { word: expected })}
                error={wordError}
              />
              <FormAlert>{formError}</FormAlert>
              <Button type="submit" variant="destructive" disabled={!ready || remove.isPending}>
                {remove.isPending ? t('confirm.deleting') : t('confirm.submit')}
              </Button>
              <Link to="/settings" className={buttonClasses('ghost')}>
                {t('confirm.keep')}
              </Link>
            </form>
          )}
        </Card>
      </div>
    </>
  );
}
