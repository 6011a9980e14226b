import { usePaymentReturn } from '@/features/payments/hooks/use-payment-return';
import { toast } from '@/lib/toast';

/** Where the payment provider brings a client back after paying a subscription away from our page. */
export const SUBSCRIPTION_RETURN_PATH = '/portal?subscription=started';

/** On the portal, after such a return: a toast with the outcome, then a clean URL. */
export function SubscriptionReturnNotice() {
  usePaymentReturn({ param: 'subscription', value: 'started', cleanPath: '/portal' }, (succeeded) => {
    if (succeeded) toast({ title: 'Subscription Successful', description: 'Your plan is active. Welcome aboard!' });
    else
      toast({ title: 'Subscription Failed', description: 'Your payment was not completed.', variant: 'destructive' });
  });
  return null;
}
