import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FAMILY_MEMBER_NAME_MAX, type FamilyInvitationCreated } from '../../../contract/family.ts';
import { LANGUAGES, type Language } from '../../../contract/languages.ts';
import { useCurrentUser } from '../api/currentUser.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { ChoiceGroup } from '../settings/ChoiceGroup.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { Field } from '../ui/Input.tsx';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { useInvite } from '../api/familyCircle.ts';
import { InvitationLink } from './InvitationLink.tsx';
import { ScopePicker, scopeOf, type ScopeChoice } from './ScopePicker.tsx';

type How = 'email' | 'link';

interface InviteForm {
  how: How;
  name: string;
  email: string;
  language: Language;
  scope: ScopeChoice;
}

interface Invited {
  created: FamilyInvitationCreated;
  how: How;
  email: string;
}

const FAMILY_PATH = '/family-circle';

/**
 * /family-circle/invite: a relative invited by e-mail or by a link to hand over, with their
 * name, language and what they see. The link is shown once. Once something is typed or
 * chosen, every way out asks first (decision 032): Save sends the invitation.
 */
export function InvitePage() {
  const { t } = useTranslation('familyCircle');
  const navigate = useNavigate();
  const language = useLanguage();
  const ownerId = useCurrentUser().data?.id ?? null;
  const errorText = useErrorText();
  const invite = useInvite();
  const blank = (): InviteForm => ({ how: 'email', name: '', email: '', language, scope: { all: true, chapterIds: [] } });
  const [form, setForm] = useState<InviteForm>(blank);
  const [problem, setProblem] = useState<{ field: 'email' | 'scope' | 'form'; text: string } | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const change = (next: Partial<InviteForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setProblem(null);
  };

  const dirty = invited === null && (form.name.trim() !== '' || form.email.trim() !== '' || form.scope.chapterIds.length > 0);

  /** Sends the invitation; true once it is made and nothing is left to show (an e-mail sent). */
  const send = async (): Promise<boolean> => {
    const scope = scopeOf(form.scope);
    if (form.how === 'email' && form.email.trim() === '') {
      setProblem({ field: 'email', text: t('invite.emailMissing') });
      return false;
    }
    if (!scope) {
      setProblem({ field: 'scope', text: t('invite.chaptersMissing') });
      return false;
    }
    try {
      const created = await invite.mutateAsync({
        ...(form.how === 'email' ? { email: form.email.trim() } : {}),
        ...(form.name.trim() ? { name: form.name.trim() } : {}),
        language: form.language,
        scope,
      });
      setInvited({ created, how: form.how, email: form.email.trim() });
      setForm(blank());
      // A link to hand over is shown only now: the person stays to see it, even when leaving asked.
      return form.how === 'email' && created.emailed;
    } catch (error) {
      setProblem({ field: 'form', text: `${t('invite.failed')} ${errorText(error)}` });
      return false;
    }
  };

  const { guard, offer } = useGuardedEditor<InviteForm>({
    ownerId,
    draftKey: 'family:invite',
    value: form,
    dirty,
    save: send,
    discard: () => setForm(blank()),
    restore: (kept) => setForm(kept),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <>
      <PageHeader title={t('invite.title')} backTo={FAMILY_PATH} />
      {guard}
      {invited ? (
        <div className="grid gap-4">
          <InvitationLink
            link={invited.created.link}
            note={invited.how === 'email' ? t(invited.created.emailed ? 'link.emailed' : 'link.notEmailed', { email: invited.email }) : undefined}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => navigate(FAMILY_PATH)}>{t('link.done')}</Button>
            <Button variant="secondary" onClick={() => setInvited(null)}>
              {t('link.another')}
            </Button>
          </div>
        </div>
      ) : (
        <Card>
          {offer && <div className="mb-4">{offer}</div>}
          <form onSubmit={submit} noValidate className="grid gap-5">
            <ChoiceGroup
              legend={t('invite.how')}
              name="how"
              value={form.how}
              choices={[
                { value: 'email', label: t('invite.byEmail'), hint: t('invite.byEmailHint') },
                { value: 'link', label: t('invite.byLink'), hint: t('invite.byLinkHint') },
              ]}
              onChange={(how) => change({ how })}
            />
            <Field
              label={t('invite.name')}
              hint={t('invite.nameHint')}
              value={form.name}
              onChange={(event) => change({ name: event.target.value })}
              maxLength={FAMILY_MEMBER_NAME_MAX}
              autoComplete="off"
            />
            {form.how === 'email' && (
              <Field
                label={t('invite.email')}
                type="email"
                value={form.email}
                onChange={(event) => change({ email: event.target.value })}
                error={problem?.field === 'email' ? problem.text : undefined}
                autoComplete="off"
                inputMode="email"
              />
            )}
            <ChoiceGroup
              legend={t('invite.language')}
              name="language"
              value={form.language}
              choices={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
              onChange={(next) => change({ language: next })}
            />
            <ScopePicker
              name="invite-scope"
              value={form.scope}
              onChange={(scope) => change({ scope })}
              error={problem?.field === 'scope' ? problem.text : undefined}
            />
            <FormAlert>{problem?.field === 'form' ? problem.text : null}</FormAlert>
            <div>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? t('invite.sending') : t(form.how === 'email' ? 'invite.send' : 'invite.getLink')}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </>
  );
}
