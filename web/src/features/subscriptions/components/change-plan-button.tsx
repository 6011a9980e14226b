import { useNavigate } from 'react-router-dom';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateSubscription } from '../api/create-subscription';
import { periodEndLabel } from './format';

/**
 * Renews (or switches to) a plan without a payment form: a subscription that
 * is ending continues, or an active one changes plan. The server decides; the
 * client then lands in the portal.
 */
export function ChangePlanButton({
  plan,
  label,
  size = 'lg',
  className,
}: {
  plan: SubscriptionPlan;
  label: string;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const change = useCreateSubscription();
  const navigate = useNavigate();
  const onClick = () =>
    change.mutate(plan.id, {
      onSuccess: (response) => {
        if (response.outcome === 'payment_required') {
          navigate(`/subscribe?plan=${plan.id}`);
          return;
        }
        toast({
          title: 'Subscription Successful',
          description: `Your ${plan.name} plan renews on ${periodEndLabel(response.subscription)}.`,
        });
        navigate('/portal');
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to initialize subscription. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Button size={size} className={className} onClick={onClick} disabled={change.isPending}>
      {change.isPending ? 'Processing...' : label}
    </Button>
  );
}
