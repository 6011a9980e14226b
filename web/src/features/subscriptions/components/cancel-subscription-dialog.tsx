import { useState } from 'react';
import type { SubscriptionStatusResponse } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { periodEndLabel } from './format';

/** "Cancel Subscription", confirmed in a dialog: the plan stays until the end of the paid period. */
export function CancelSubscriptionDialog({ status }: { status: SubscriptionStatusResponse }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const confirm = () => {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: 'Subscription Canceled',
          description: 'Your subscription will end at the end of the billing period.',
        });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to cancel subscription'),
          variant: 'destructive',
        });
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Cancel Subscription</Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel your subscription?"
        description={`You keep the ${status.plan ?? 'current'} plan until ${periodEndLabel(status)}, and it will not renew. You can renew it from the pricing page at any time before then.`}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Keep Subscription</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Processing...' : 'Cancel Subscription'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
