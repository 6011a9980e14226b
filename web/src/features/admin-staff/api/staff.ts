import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/auth';
import type {
  AcceptInvitationInput,
  CreateInvitationInput,
  InvitationPreview,
  StaffInvitation,
  StaffMember,
  UpdateStaffMemberInput,
} from '@shared/schemas/staff';
import { apiJson, apiRequest } from '@/lib/api-client';

export const staffQueryKey = ['/api/admin/staff'] as const;
const invitationsQueryKey = ['/api/admin/staff', 'invitations'] as const;
const memberPath = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}`;

/** GET /api/admin/staff: every staff member. */
export function useStaffMembers() {
  return useQuery({ queryKey: staffQueryKey, queryFn: () => apiJson<StaffMember[]>('GET', '/api/admin/staff') });
}

/** GET /api/admin/staff/invitations: the pending invitations. */
export function usePendingInvitations() {
  return useQuery({
    queryKey: invitationsQueryKey,
    queryFn: () => apiJson<StaffInvitation[]>('GET', '/api/admin/staff/invitations'),
  });
}

/** Every staff change refreshes both lists (an accepted invitation becomes a member). */
function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffQueryKey });
}

/** PATCH /api/admin/staff/:id: a role, active or not. */
export function useUpdateStaffMember() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateStaffMemberInput }) =>
      apiJson<StaffMember>('PATCH', memberPath(id), change),
    onSettled: refresh,
  });
}

/** POST /api/admin/staff/:id/2fa/reset */
export function useResetTwoFactor() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `${memberPath(id)}/2fa/reset`),
    onSettled: refresh,
  });
}

/** POST /api/admin/staff/invitations */
export function useInvite() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiJson<StaffInvitation>('POST', '/api/admin/staff/invitations', input),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/staff/invitations/:id */
export function useRevokeInvitation() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/staff/invitations/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}

/** GET /api/invitations?token=…: what the accept page shows (410 for a used, revoked or expired link). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['/api/invitations', token],
    queryFn: () => apiJson<InvitationPreview>('GET', `/api/invitations?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
  });
}

/** POST /api/invitations/accept: the new account, signed in. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => apiJson<PublicUser>('POST', '/api/invitations/accept', input),
  });
}
