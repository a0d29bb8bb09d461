/** GET / PUT /api/auth/profile: the signed-in user's own details; GET /api/auth/ussd_pin and its reset. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResetUssdPinBody, UpdateProfileBody, UserWire, UssdPinData } from '@escrow/core/contract/auth';
import { api } from '@/lib/api';
import { updateStoredUser } from '@/hooks/use-auth';
import { customerKeys } from './keys';

export function getProfile(signal?: AbortSignal): Promise<UserWire> {
  return api<{ user: UserWire }>('/api/auth/profile', { signal }).then((data) => data.user);
}

export const profileQueryOptions = () => queryOptions({ queryKey: customerKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function updateProfile(body: UpdateProfileBody): Promise<UserWire> {
  return api<{ user: UserWire }>('/api/auth/profile', { method: 'PUT', body }).then((data) => data.user);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(customerKeys.profile(), user);
      // The header shows the stored user: keep it in step with the server.
      updateStoredUser(user);
    },
  });
}

export function useUssdPin() {
  return useQuery({
    queryKey: customerKeys.ussdPin(),
    queryFn: ({ signal }) => api<UssdPinData>('/api/auth/ussd_pin', { signal }),
  });
}

export function useResetUssdPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetUssdPinBody) => api<UssdPinData>('/api/auth/ussd_pin/reset', { method: 'POST', body }),
    onSuccess: (pin) => queryClient.setQueryData(customerKeys.ussdPin(), pin),
  });
}
