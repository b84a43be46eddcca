import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from './currentUser.ts';
import { apiRequest } from './request.ts';

/** What POST /api/auth/verify-email answers: the address now verified. */
interface Verified {
  email: string;
}

/**
 * Spends the link's token once on opening the page. A query, not an effect: a page drawn
 * twice (development's strict mode, a re-render) must not send it twice, or the second
 * answer would say the link is spent.
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const verified = await apiRequest<Verified>('POST', '/api/auth/verify-email', { token });
      // Signed in here too: the account's "not verified yet" goes away.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return verified;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** "Send the link again": a new verification link to the signed-in person's own address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<{ email: string }>('POST', '/api/auth/verify-email/resend'),
  });
}

/** What POST /api/email/welcome answers: the message id and whether it went to a mail server or the outbox folder. */
export interface SentEmail {
  id: string;
  delivery: 'smtp' | 'outbox';
}

/** The admin's test welcome e-mail to their own verified address. */
export function useSendTestEmail() {
  return useMutation({ mutationFn: () => apiRequest<SentEmail>('POST', '/api/email/welcome') });
}
