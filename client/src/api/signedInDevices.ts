import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInDeviceSchema } from '../../../contract/sessions.ts';
import { apiRequest, getJson } from './request.ts';

const devicesKey = ['/api/auth/sessions'] as const;

/** GET /api/auth/sessions: the devices signed in to the account, fresh each time Settings opens. */
export function useSignedInDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: async () => signedInDeviceSchema.array().parse(await getJson<unknown>('/api/auth/sessions')),
    staleTime: 0,
  });
}

/** DELETE /api/auth/sessions/{id}: that device is signed out. */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/auth/sessions/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** POST /api/auth/sessions/sign-out-others: every device but this one is signed out. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/sessions/sign-out-others'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
