import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FamilyInvitationCreated,
  FamilyInvitationInput,
  FamilyMemberView,
  FamilyScope,
} from '../../../contract/family.ts';
import { storySchema, type StoryDto } from '../../../contract/library.ts';
import { apiRequest, getJson } from './request.ts';
import { storyKey } from './stories.ts';
import { useDataChanged } from './dataChanged.ts';

// The storyteller's side of the family circle (issue 28): who reads, what each sees, the
// "review first" setting, and a story's "Only me" and "Share with family".

const MEMBERS = '/api/family/members';
const SETTINGS = '/api/family/settings';
export const membersKey = [MEMBERS] as const;
const settingsKey = [SETTINGS] as const;

/** GET /api/family/members: the circle, as the owner sees it. */
export function useFamilyMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: async () => (await getJson<FamilyMemberView[]>(MEMBERS)) ?? [],
  });
}

/** POST /api/family/invitations: a new member; the answer's link is shown once (only its hash is kept). */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: FamilyInvitationInput) => apiRequest<FamilyInvitationCreated>('POST', '/api/family/invitations', invitation),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** PATCH /api/family/members/{id}: what the member sees. */
export function useChangeScope(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: FamilyScope) => apiRequest<FamilyMemberView>('PATCH', `${MEMBERS}/${id}`, { scope }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** POST /api/family/members/{id}/link: a new invitation link (the old one stops working). */
export function useNewLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ link: string }>('POST', `${MEMBERS}/${id}/link`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** DELETE /api/family/members/{id}: the member is out at once, and gone from the list at once. */
export function useRemoveMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${MEMBERS}/${id}`),
    onSuccess: () => {
      queryClient.setQueryData<FamilyMemberView[]>(membersKey, (members) => members?.filter((member) => member.id !== id));
      void queryClient.invalidateQueries({ queryKey: membersKey });
    },
  });
}

/** GET /api/family/settings: whether new stories wait for the owner before the family sees them. */
export function useFamilySettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await getJson<{ reviewFirst: boolean }>(SETTINGS)) ?? { reviewFirst: false },
  });
}

export function useSaveFamilySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { reviewFirst: boolean }) => apiRequest<{ reviewFirst: boolean }>('PATCH', SETTINGS, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** After a story's family fields changed: keep the server's answer; the library's marks read again. */
function useFamilyFieldsChanged() {
  const queryClient = useQueryClient();
  const storiesChanged = useDataChanged();
  return (story: StoryDto) => {
    queryClient.setQueryData(storyKey(story.id), story);
    storiesChanged();
  };
}

/** PATCH /api/stories/{id} { onlyMe }: hidden from every reader, whatever they may see. */
export function useSetOnlyMe(storyId: number) {
  const changed = useFamilyFieldsChanged();
  return useMutation({
    mutationFn: async (onlyMe: boolean) => storySchema.parse(await apiRequest('PATCH', `/api/stories/${storyId}`, { onlyMe })),
    onSuccess: changed,
  });
}

/**
 * POST /api/stories/{id}/share-with-family: a story the owner reviewed reaches the circle (and
 * its notices go out). The story is read again after it, whatever the answer carries.
 */
export function useShareWithFamily(storyId: number) {
  const queryClient = useQueryClient();
  const changed = useFamilyFieldsChanged();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `/api/stories/${storyId}/share-with-family`);
      return storySchema.parse(await getJson<unknown>(`/api/stories/${storyId}`));
    },
    onSuccess: changed,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: storyKey(storyId) }),
  });
}
