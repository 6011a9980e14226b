import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { acceptInvitationFormSchema, type InvitationPreview } from '@shared/schemas/staff';
import { staffRoleLabels } from '@shared/staff-roles';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form';
import { useHydrated } from '@/lib/use-hydrated';
import { useAcceptInvitation, useInvitationPreview } from '../api/staff';

/** Under the password: the sign-up rule and the common-password check, in words. */
const PASSWORD_HINT = 'At least 6 characters, and not a common one.';

interface AcceptInviteProps {
  token: string;
  /** The account is made and signed in: where to go next is the app's to decide. */
  onAccepted(user: PublicUser, role: InvitationPreview['role']): void;
}

/** A link that can no longer be used (410) or was never one of ours (404): what happened and what to do. */
function UnusableLink({ message, gone }: { message: string; gone: boolean }) {
  return (
    <div className="flex flex-col gap-4" data-testid="invitation-unusable">
      <h2 className="text-lg font-semibold text-slate-900">
        {gone ? 'This invitation can no longer be used' : 'This invitation link is not valid'}
      </h2>
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <p className="text-sm text-slate-600">
        Ask the administrator who invited you to send a new invitation. If you already accepted it,{' '}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          log in
        </Link>{' '}
        with the username and password you chose.
      </p>
    </div>
  );
}

/** /accept-invite?token=…: the invitation's address and role, then a username and password. */
export function AcceptInvite({ token, onAccepted }: AcceptInviteProps) {
  const hydrated = useHydrated();
  const preview = useInvitationPreview(hydrated ? token : '');
  const accept = useAcceptInvitation();
  const form = useSchemaForm(acceptInvitationFormSchema, { username: '', password: '', confirmPassword: '' });
  const [failure, setFailure] = useState<string | null>(null);

  if (!hydrated) return <Spinner className="py-8" label="Loading" />;
  if (!token) {
    return (
      <UnusableLink gone={false} message="This page needs the link from your invitation email: open it from there." />
    );
  }
  if (preview.isPending) return <Spinner className="py-8" label="Reading your invitation" />;
  const refused = accept.error instanceof ApiError && accept.error.status === 410 ? accept.error : null;
  const lookupError = preview.error instanceof ApiError ? preview.error : null;
  if (refused || lookupError?.status === 410 || lookupError?.status === 404) {
    const error = (refused ?? lookupError)!;
    return <UnusableLink gone={error.status === 410} message={error.serverMessage ?? 'This invitation is unusable.'} />;
  }
  if (preview.isError) {
    return (
      <FormAlert>{errorMessage(preview.error, 'Your invitation could not be read. Please reload the page.')}</FormAlert>
    );
  }
  const invitation = preview.data;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const formElement = event.currentTarget;
    form.submit(({ username, password }) => {
      accept.mutate(
        { token, username, password },
        {
          onSuccess: (user) => onAccepted(user, invitation.role),
          onError: (error) => {
            const message = form.showApiError(
              error,
              'Your account could not be created. Please try again.',
              formElement,
            );
            if (message === null) return;
            if (error instanceof ApiError && error.status === 409 && /username/i.test(message)) {
              form.setErrors({ username: message });
            } else if (!(error instanceof ApiError && error.status === 410)) setFailure(message);
          },
        },
      );
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">
        You are invited to the staff console as <strong>{staffRoleLabels[invitation.role]}</strong>, with the address{' '}
        <strong className="break-all">{invitation.email}</strong>. Choose the username and password you will sign in
        with.
      </p>
      {invitation.role === 'admin' ? (
        <p className="text-sm text-slate-600">
          As an admin you will set up two-factor sign-in with an authenticator app next.
        </p>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <FormField label="Username" error={form.errors.username}>
        <Input
          name="username"
          autoComplete="username"
          value={form.values.username}
          onChange={(e) => form.setValue('username', e.target.value)}
        />
      </FormField>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password}
        hint={PASSWORD_HINT}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(value) => form.setValue('confirmPassword', value)}
        error={form.errors.confirmPassword}
      />
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? 'Creating your account...' : 'Accept Invitation'}
      </Button>
    </form>
  );
}
