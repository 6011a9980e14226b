import type { Account } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSendEmailVerification } from '../api/account';

/**
 * An address not yet confirmed: enquiries sent from it are not shown in the
 * portal until it is, so the client can ask for a new link.
 */
export function EmailVerificationNote({ account }: { account: Account }) {
  const send = useSendEmailVerification();
  if (!account.email || account.emailVerified || account.pendingEmail) return null;
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Link Sent', description: answer.message }),
      onError: (error) =>
        toast({
          title: 'Not Sent',
          description: errorMessage(error, 'The confirmation link could not be sent.'),
          variant: 'destructive',
        }),
    });
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      <p>
        <strong>{account.email}</strong> is not confirmed yet. Enquiries you send us from it appear in your portal once
        you confirm it with the link we email you.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={onSend}
        disabled={send.isPending}
      >
        {send.isPending ? 'Sending...' : 'Email me a confirmation link'}
      </Button>
    </div>
  );
}
