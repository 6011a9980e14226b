import { useState } from 'react';
import type { StaffInvitation, StaffMember } from '@shared/schemas/staff';
import { staffRoleLabels, staffRoles, type StaffRole } from '@shared/staff-roles';
import { ConsoleList } from '@/components/console/console-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  usePendingInvitations,
  useResetTwoFactor,
  useRevokeInvitation,
  useStaffMembers,
  useUpdateStaffMember,
} from '../api/staff';
import { ConfirmButton } from './confirm-button';
import { InviteDialog } from './invite-dialog';

const COLUMNS = [
  { label: 'Staff member' },
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Status' },
  { label: 'Two-factor' },
  { label: 'Last sign-in' },
  { label: 'Actions' },
] as const;

/** What went wrong with the last action, kept on the screen (and toasted) until the next one. */
function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (title: string) => (error: Error) => {
    const message = errorMessage(error, 'That did not work. Please try again.');
    setFailure(message);
    toast({ title, description: message, variant: 'destructive' });
  };
  return { failure, clear: () => setFailure(null), fail };
}

function MemberActions({ member, isSelf, onFail }: { member: StaffMember; isSelf: boolean; onFail: Fail }) {
  const update = useUpdateStaffMember();
  const resetTwoFactor = useResetTwoFactor();
  const who = member.username;
  return (
    <div className="flex flex-wrap gap-2">
      {member.active ? (
        <ConfirmButton
          label="Deactivate"
          ariaLabel={`Deactivate ${who}`}
          disabled={isSelf}
          title={`Deactivate ${who}?`}
          description="They are signed out everywhere at once and cannot sign in until an admin reactivates the account."
          confirmLabel="Deactivate"
          pending={update.isPending}
          onConfirm={(close) =>
            update.mutate(
              { id: member.id, change: { active: false } },
              {
                onSuccess: () => toast({ title: 'Deactivated', description: `${who} can no longer sign in.` }),
                onError: onFail('Could not deactivate'),
                onSettled: close,
              },
            )
          }
        />
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Reactivate ${who}`}
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: member.id, change: { active: true } },
              {
                onSuccess: () => toast({ title: 'Reactivated', description: `${who} can sign in again.` }),
                onError: onFail('Could not reactivate'),
              },
            )
          }
        >
          Reactivate
        </Button>
      )}
      <ConfirmButton
        label="Reset two-factor"
        ariaLabel={`Reset two-factor for ${who}`}
        disabled={!member.twoFactor}
        title={`Reset two-factor sign-in for ${who}?`}
        description="Their authenticator and recovery codes stop working and they are signed out everywhere; they sign in with their password and set two-factor up again."
        confirmLabel="Reset two-factor"
        pending={resetTwoFactor.isPending}
        onConfirm={(close) =>
          resetTwoFactor.mutate(member.id, {
            onSuccess: () =>
              toast({ title: 'Two-factor reset', description: `${who} sets it up again at next sign-in.` }),
            onError: onFail('Could not reset two-factor'),
            onSettled: close,
          })
        }
      />
    </div>
  );
}

type Fail = (title: string) => (error: Error) => void;

function RoleSelect({ member, onFail }: { member: StaffMember; onFail: Fail }) {
  const update = useUpdateStaffMember();
  return (
    <Select
      aria-label={`Role of ${member.username}`}
      className="min-w-32"
      value={member.role}
      disabled={update.isPending}
      onChange={(event) => {
        const role = event.target.value as StaffRole;
        update.mutate(
          { id: member.id, change: { role } },
          {
            onSuccess: () =>
              toast({ title: 'Role changed', description: `${member.username} is now ${staffRoleLabels[role]}.` }),
            onError: onFail('Could not change the role'),
          },
        );
      }}
    >
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {staffRoleLabels[role]}
        </option>
      ))}
    </Select>
  );
}

function PendingInvitations({ onFail }: { onFail: Fail }) {
  const invitations = usePendingInvitations();
  const revoke = useRevokeInvitation();
  let body;
  if (invitations.isPending) body = <Spinner label="Loading invitations" className="py-8" />;
  else if (invitations.isError) {
    body = (
      <p role="alert" className="p-6 text-sm text-red-700">
        {errorMessage(invitations.error, 'The invitations could not be loaded. Please try again.')}
      </p>
    );
  } else if (invitations.data.length === 0) {
    body = <p className="p-6 text-center text-sm text-slate-600">No invitations are waiting.</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
        {invitations.data.map((invitation: StaffInvitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="break-all font-semibold text-slate-900">{invitation.email}</p>
              <p className="text-slate-600">
                {staffRoleLabels[invitation.role]} · invited by {invitation.invitedBy ?? 'a former admin'} · expires{' '}
                {formatDate(invitation.expiresAt)}
              </p>
            </div>
            <ConfirmButton
              label="Revoke"
              ariaLabel={`Revoke the invitation of ${invitation.email}`}
              title={`Revoke the invitation of ${invitation.email}?`}
              description="The link in their email stops working. You can invite the address again afterwards."
              confirmLabel="Revoke"
              pending={revoke.isPending}
              onConfirm={(close) =>
                revoke.mutate(invitation.id, {
                  onSuccess: () => toast({ title: 'Invitation revoked', description: invitation.email }),
                  onError: onFail('Could not revoke'),
                  onSettled: close,
                })
              }
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-3">
      <h2 id="pending-invitations" className="text-xl font-semibold text-navy-900">
        Pending invitations
      </h2>
      <Card className="overflow-hidden">{body}</Card>
    </section>
  );
}

/** The console's Staff screen (admins): members, their roles and access, and invitations. */
export function StaffScreen({ currentUserId }: { currentUserId: string | null }) {
  const members = useStaffMembers();
  const { failure, clear, fail } = useFailure();
  const onFail: Fail = (title) => {
    clear();
    return fail(title);
  };
  return (
    <div className="flex flex-col gap-8">
      <ConsoleList
        title="Staff"
        intro="Everyone who can sign in to the console: their role, access and two-factor sign-in."
        actions={<InviteDialog />}
        filters={failure ? <FormAlert>{failure}</FormAlert> : undefined}
        query={members}
        items={(list) => list}
        texts={{
          loading: 'Loading staff',
          error: (error) => errorMessage(error, 'The staff could not be loaded. Please try again.'),
          empty: 'No staff accounts yet.',
        }}
        view={{
          kind: 'table',
          caption: 'Staff members',
          columns: COLUMNS,
          cells: (member) => (
            <>
              <td className="px-4 py-3">
                <span className="block font-semibold text-slate-900">{member.name ?? member.username}</span>
                {member.name ? <span className="block text-slate-600">{member.username}</span> : null}
              </td>
              <td className="break-all px-4 py-3 text-slate-700">{member.email ?? '—'}</td>
              <td className="px-4 py-3">
                <RoleSelect member={member} onFail={onFail} />
              </td>
              <td className="px-4 py-3">
                <Badge variant={member.active ? 'success' : 'neutral'}>
                  {member.active ? 'Active' : 'Deactivated'}
                </Badge>
              </td>
              <td className="px-4 py-3 text-slate-700">{member.twoFactor ? 'On' : 'Off'}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {member.lastSignInAt ? formatDate(member.lastSignInAt) : 'Never'}
              </td>
              <td className="px-4 py-3">
                <MemberActions member={member} isSelf={member.id === currentUserId} onFail={onFail} />
              </td>
            </>
          ),
        }}
      />
      <PendingInvitations onFail={onFail} />
    </div>
  );
}
