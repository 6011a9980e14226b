import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';

/** Where the payment provider brings a client back after paying a subscription away from our page. */
export const SUBSCRIPTION_RETURN_PATH = '/portal?subscription=started';

/** On the portal, after such a return: a toast with the outcome, then a clean URL. */
export function SubscriptionReturnNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returned = params.get('subscription') === 'started';
  const status = params.get('redirect_status');
  useEffect(() => {
    if (!returned || !status) return;
    if (status === 'succeeded') {
      toast({ title: 'Subscription Successful', description: 'Your plan is active. Welcome aboard!' });
    } else {
      toast({ title: 'Subscription Failed', description: 'Your payment was not completed.', variant: 'destructive' });
    }
    navigate('/portal', { replace: true });
  }, [returned, status, navigate]);
  return null;
}
