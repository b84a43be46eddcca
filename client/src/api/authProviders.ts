import { useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '../../../contract/auth.ts';
import { getJson } from './request.ts';

/** Which sign-in methods this server offers (GET /api/auth/providers): the landing page and the sign-in page read it. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['/api/auth/providers'],
    queryFn: async () => authProvidersSchema.parse(await getJson('/api/auth/providers')),
  });
}
