import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { FAMILY_MEMBER_NAME_MAX } from '../../../contract/family.ts';
import { type Language, LANGUAGES, toLanguage } from '../../../contract/languages.ts';
import { useErrorText } from '../api/useErrorText.ts';
import i18n from '../i18n/index.ts';
import { Button } from '../ui/Button.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Field } from '../ui/Input.tsx';
import { SelectField } from '../ui/Select.tsx';
import { SkeletonLines } from '../ui/SkeletonLines.tsx';
import { FamilyFrame, InvalidFamilyLink } from './FamilyFrame.tsx';
import { isNotFound, isSignedOut, type FamilyInvitation, useFamilyInvitation, useJoinFamily } from '../api/familyReading.ts';

/** Invitation tokens are 32 random bytes in base64url; anything else is not one, asked of nobody. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * /family/join/{token}: who invites, the relative's own name and language, Join. The link
 * works once: joining uses it up and signs this device in as a reader, then the stories open
 * (replacing this page in the history, so Back does not return to a used link).
 */
export function FamilyJoinPage() {
  const token = useParams().token ?? '';
  const valid = TOKEN_PATTERN.test(token);
  const invitation = useFamilyInvitation(token, valid);
  // The page speaks the language chosen on it, first the one the teller chose for the invitation.
  const [language, setLanguage] = useState<Language | null>(null);
  const shown = language ?? invitation.data?.language ?? toLanguage(i18n.language);

  return (
    <FamilyFrame language={shown}>
      {!valid || invitation.isError ? (
        <InvalidFamilyLink />
      ) : !invitation.data ? (
        <JoinLoading />
      ) : (
        <JoinForm token={token} invitation={invitation.data} language={shown} onLanguage={setLanguage} />
      )}
    </FamilyFrame>
  );
}

function JoinLoading() {
  const { t } = useTranslation('familyReading');
  return (
    <div aria-busy="true" aria-label={t('join.loading')} className="mt-8 grid gap-3">
      <div className="h-8 w-2/3 animate-pulse rounded bg-stone-800" />
      <SkeletonLines count={3} />
    </div>
  );
}

interface JoinFormProps {
  token: string;
  invitation: FamilyInvitation;
  language: Language;
  onLanguage: (language: Language) => void;
}

function JoinForm({ token, invitation, language, onLanguage }: JoinFormProps) {
  const { t } = useTranslation('familyReading');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useJoinFamily(token);
  const [name, setName] = useState(invitation.name ?? '');
  const [nameMissing, setNameMissing] = useState(false);
  const teller = invitation.tellerName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    join.mutate(
      { name: name.trim(), language },
      {
        onSuccess: async ({ circle }) => {
          // This browser now reads one more circle.
          await queryClient.invalidateQueries({ queryKey: ['family'] });
          navigate(`/family?circle=${circle}`, { replace: true });
        },
      },
    );
  };

  // Used up or expired meanwhile (another tab, another person): the same view as opening it so.
  if (join.error && (isNotFound(join.error) || isSignedOut(join.error))) return <InvalidFamilyLink />;

  return (
    <form onSubmit={submit} noValidate className="mt-8 grid gap-6">
      <header className="grid gap-3">
        <BookOpen aria-hidden className="size-8 text-amber-300" />
        <h1 className="text-3xl font-semibold text-stone-50">{t('join.title', { teller })}</h1>
        <p className="text-stone-300">{t('join.intro', { teller })}</p>
      </header>
      <Field
        label={t('join.name')}
        hint={t('join.nameHint', { teller })}
        error={nameMissing && name.trim() === '' ? t('join.nameRequired') : undefined}
        value={name}
        maxLength={FAMILY_MEMBER_NAME_MAX}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField<Language>
        label={t('join.language')}
        value={language}
        options={LANGUAGES.map((value) => ({ value, label: t(`join.languages.${value}`) }))}
        onValueChange={onLanguage}
      />
      {join.error && (
        <FormAlert>
          {t('join.failed')}: {errorText(join.error)}
        </FormAlert>
      )}
      <Button type="submit" disabled={join.isPending} className="justify-self-start">
        {join.isPending ? t('join.joining') : t('join.join')}
      </Button>
    </form>
  );
}
