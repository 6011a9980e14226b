import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormPage } from '@/components/layout/form-page';
import { userQueryKey, type SessionAnswer } from '@/features/auth/api/use-user';
import { AcceptInvite } from '@/features/admin-staff/components/accept-invite';
import { toast } from '@/lib/toast';

/** Where an admin sets up two-factor sign-in before reaching the console. */
const TWO_FACTOR_SETUP = '/account/two-factor';

/** /accept-invite?token=…: the emailed invitation link; the new staff member is signed in and sent on. */
export function Component() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <FormPage title="Accept Your Invitation" description="Join the staff console.">
      <AcceptInvite
        token={params.get('token') ?? ''}
        onAccepted={(user, role) => {
          // Everything cached belonged to whoever used this browser before.
          queryClient.clear();
          queryClient.setQueryData<SessionAnswer>(userQueryKey, { user });
          toast({ title: 'Welcome', description: `Your account ${user.username} is ready.` });
          navigate(role === 'admin' ? TWO_FACTOR_SETUP : '/admin', { replace: true });
        }}
      />
    </FormPage>
  );
}
