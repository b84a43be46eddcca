import { useQuery } from '@tanstack/react-query';
import { type AccountDeletionBody, accountDeletionCheckSchema } from '../../../contract/archive.ts';
import { apiRequest, getJson } from './request.ts';

export const ACCOUNT_DELETION_CHECK_KEY = ['/api/account/deletion'] as const;

/** GET /api/account/deletion: whether the deletion asks for the password or a fresh sign-in; fresh each time the screen opens. */
export function useAccountDeletionCheck() {
  return useQuery({
    queryKey: ACCOUNT_DELETION_CHECK_KEY,
    queryFn: async () => accountDeletionCheckSchema.parse(await getJson(ACCOUNT_DELETION_CHECK_KEY[0])),
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /api/account: 202 once everything of the account has started to go; the session ends with it. */
export const deleteAccount = (body: AccountDeletionBody) => apiRequest<unknown>('DELETE', '/api/account', body);
