import { useState } from 'react';
import clsx from 'clsx';
import { Eye, Link2, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyMemberView } from '../../../contract/family.ts';
import { useChapters } from '../api/chapters.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatRelativeTime } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { toast } from '../ui/toastStore.ts';
import { useChangeScope, useNewLink, useRemoveMember } from '../api/familyCircle.ts';
import { InvitationLink } from './InvitationLink.tsx';
import { sameScope, ScopePicker, scopeChoiceOf, scopeOf, type ScopeChoice } from './ScopePicker.tsx';

const STATE_TONES: Record<FamilyMemberView['state'], string> = {
  joined: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-100',
  invited: 'border-amber-300/30 bg-amber-300/10 text-amber-100',
  expired: 'border-stone-600 bg-stone-800 text-stone-300',
};

/** What the member sees, in words: everything, or the chapters' titles. */
function useScopeWords() {
  const { t } = useTranslation('familyCircle');
  const chapters = useChapters();
  return (member: FamilyMemberView) => {
    if ('all' in member.scope) return t('members.seesAll');
    const titles = member.scope.chapterIds.map((id) => chapters.data?.find((chapter) => chapter.id === id)?.title ?? t('members.unknownChapter'));
    return t('members.seesChapters', { chapters: titles.join(', ') });
  };
}

/**
 * A member of the circle: name (or address), whether they read yet, what they see, when they
 * last came; change what they see, a new link (while not joined, or for another device),
 * and removal after a question, at once.
 */
export function MemberCard({ member }: { member: FamilyMemberView }) {
  const { t } = useTranslation('familyCircle');
  const language = useLanguage();
  const errorText = useErrorText();
  const scopeWords = useScopeWords();
  const changeScope = useChangeScope(member.id);
  const newLink = useNewLink(member.id);
  const remove = useRemoveMember(member.id);
  const [editing, setEditing] = useState<ScopeChoice | null>(null);
  const [scopeProblem, setScopeProblem] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const who = member.name ?? member.email ?? '';
  const titleId = `member-${member.id}`;

  const saveScope = () => {
    if (!editing) return;
    const scope = scopeOf(editing);
    if (!scope) return setScopeProblem(t('invite.chaptersMissing'));
    changeScope.mutate(scope, {
      onSuccess: () => {
        setEditing(null);
        toast({ title: t('members.scopeSaved') });
      },
      onError: (error) => setScopeProblem(`${t('members.scopeFailed')} ${errorText(error)}`),
    });
  };

  const makeLink = () =>
    newLink.mutate(undefined, {
      onSuccess: (answer) => setLink(answer.link),
      onError: (error) => toast({ title: t('members.newLinkFailed'), description: errorText(error), variant: 'destructive' }),
    });

  const removeNow = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('members.removed', { name: who }) });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: t('members.removeFailed'), description: errorText(error), variant: 'destructive' });
      },
    });

  return (
    <li aria-labelledby={titleId} className="grid gap-3 rounded-xl border border-stone-800 bg-stone-900 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-base font-medium text-stone-50">
            {who}
          </h3>
          {member.name && member.email && <p className="truncate text-sm text-stone-400">{member.email}</p>}
        </div>
        <span className={clsx('shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-medium', STATE_TONES[member.state])}>
          {t(`members.state.${member.state}`)}
        </span>
      </div>
      <ul className="grid gap-0.5 text-sm text-stone-300">
        <li>{scopeWords(member)}</li>
        <li className="text-stone-400">
          {member.lastVisitedAt
            ? t('members.lastVisited', { when: formatRelativeTime(member.lastVisitedAt, language) })
            : member.state === 'joined'
              ? t('members.notVisited')
              : t('members.invited', { when: formatRelativeTime(member.invitedAt, language) })}
        </li>
      </ul>

      {editing ? (
        <div className="grid gap-3 border-t border-stone-800 pt-3">
          <ScopePicker
            name={`scope-${member.id}`}
            value={editing}
            onChange={(next) => {
              setEditing(next);
              setScopeProblem(null);
            }}
          />
          <FormAlert>{scopeProblem}</FormAlert>
          <div className="flex flex-wrap gap-2">
            <Button onClick={saveScope} disabled={changeScope.isPending || sameScope(editing, scopeChoiceOf(member.scope))}>
              {t('actions.save', { ns: 'common' })}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(null)} disabled={changeScope.isPending}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(scopeChoiceOf(member.scope))}>
            <Eye aria-hidden className="size-4" />
            {t('members.changeScope')}
          </Button>
          <Button variant="secondary" onClick={makeLink} disabled={newLink.isPending}>
            <Link2 aria-hidden className="size-4" />
            {t('members.newLink')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)} className="text-red-300 hover:text-red-200">
            <Trash2 aria-hidden className="size-4" />
            {t('members.remove')}
          </Button>
        </div>
      )}
      {link && <InvitationLink link={link} />}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('members.removeTitle', { name: who })}
        description={t('members.removeDescription')}
        confirmLabel={t('members.removeConfirm')}
        onConfirm={removeNow}
        pending={remove.isPending}
        destructive
      />
    </li>
  );
}
