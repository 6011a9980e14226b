import { useState } from 'react';
import { createInvitationSchema, INVITATION_TTL_DAYS } from '@shared/schemas/staff';
import { staffRoleLabels, staffRoles, type StaffRole } from '@shared/staff-roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useInvite } from '../api/staff';

/** "Invite staff member": an address and a role; the address gets a link to join. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(createInvitationSchema, { email: '', role: 'support' as StaffRole });
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.setValues({ email: '', role: 'support' });
      form.setErrors({});
      setFailure(null);
      invite.reset();
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const formElement = event.currentTarget;
    form.submit((input) => {
      invite.mutate(input, {
        onSuccess: (invitation) => {
          toast({
            title: 'Invitation Sent',
            description: `${invitation.email} has a link to join as ${staffRoleLabels[invitation.role]}.`,
          });
          onOpenChange(false);
        },
        onError: (error) =>
          setFailure(form.showApiError(error, 'The invitation could not be sent. Please try again.', formElement)),
      });
    }, formElement);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Invite staff member</Button>
      </DialogTrigger>
      <DialogContent
        title="Invite a staff member"
        description={`They get an email with a link to choose a username and password. It works once, for ${INVITATION_TTL_DAYS} days.`}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <FormField label="Email" error={form.errors.email}>
            <Input
              name="email"
              type="email"
              autoComplete="off"
              value={form.values.email}
              onChange={(e) => form.setValue('email', e.target.value)}
            />
          </FormField>
          <FormField label="Role" error={form.errors.role}>
            <Select
              name="role"
              value={form.values.role}
              onChange={(e) => form.setValue('role', e.target.value as StaffRole)}
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send invitation'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
