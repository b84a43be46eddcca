import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FamilyCircleView, familyReaderPatchSchema } from '../../../contract/family.ts';
import { apiRequest } from './request.ts';

// The reader's own settings on this device (issue 28): the circles it reads, the reader's
// name, language and notices in each, signing out here, and reading on another device.

/** GET /api/family/me's answer, as the reading pages read it (api/familyReading.ts useFamilyCircles). */
const FAMILY_ME_KEY = ['family', 'me'] as const;

export type FamilyReaderPatch = z.infer<typeof familyReaderPatchSchema>;

/**
 * PATCH /api/family/me/{circle}: the reader's name, language or notices in one circle. The
 * choice shows at once and is put back when the server refuses it.
 */
export function useUpdateFamilyMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ circle, patch }: { circle: number; patch: FamilyReaderPatch }) => apiRequest('PATCH', `/api/family/me/${circle}`, patch),
    onMutate: async ({ circle, patch }) => {
      await queryClient.cancelQueries({ queryKey: FAMILY_ME_KEY });
      const before = queryClient.getQueryData<FamilyCircleView[]>(FAMILY_ME_KEY);
      if (before) queryClient.setQueryData(FAMILY_ME_KEY, before.map((one) => (one.circle === circle ? { ...one, ...patch } : one)));
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(FAMILY_ME_KEY, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAMILY_ME_KEY }),
  });
}

/** POST /api/family/sign-out: this device stops reading (the circles stay; another link or an account brings them back). */
export function useFamilySignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/family/sign-out'),
    // Nothing the reader read may stay on screen: every family answer is dropped.
    onSuccess: () => queryClient.removeQueries({ queryKey: ['family'] }),
  });
}

/** POST /api/family/claim: this device's circles onto the signed-in account, to read them on any device after signing in. */
export function useClaimCircles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/family/claim'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAMILY_ME_KEY }),
  });
}
