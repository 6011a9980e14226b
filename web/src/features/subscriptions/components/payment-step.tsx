import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SubscriptionPlan } from '@shared/subscriptions';
import { PaymentForm } from '@/features/payments/components/payment-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { redirectToLogin } from '@/lib/login-redirect';
import type { ReadyPaymentConfig } from '@/features/payments/api/payment-config';
import { toast } from '@/lib/toast';
import { useCreateSubscription } from '../api/create-subscription';
import { subscriptionStatusQueryKey } from '../api/get-subscription-status';
import { SUBSCRIPTION_RETURN_PATH } from './subscription-return-notice';

const INIT_FAILED = 'Failed to initialize subscription. Please try again.';

type State = { step: 'starting' } | { step: 'failed' } | { step: 'paying'; clientSecret: string } | { step: 'done' };

/**
 * The subscription is created (waiting for its first payment) as the page
 * opens, then the card form pays it: "Subscribe Now", "Subscription Failed"
 * with the provider's message, "Subscription Successful" and the portal.
 */
export function PaymentStep({ plan, config }: { plan: SubscriptionPlan; config: ReadyPaymentConfig }) {
  const { mutate } = useCreateSubscription();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ step: 'starting' });
  const started = useRef(false);

  const subscribed = useCallback(() => {
    setState({ step: 'done' });
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey });
    toast({
      title: 'Subscription Successful',
      description: `Welcome to the ${plan.name} plan. Your subscription is active.`,
    });
    navigate('/portal');
  }, [navigate, plan.name, queryClient]);

  const start = useCallback(() => {
    const failed = (description: string) => {
      setState({ step: 'failed' });
      toast({ title: 'Error', description, variant: 'destructive' });
    };
    setState({ step: 'starting' });
    mutate(plan.id, {
      onSuccess: (response) => {
        if (response.outcome !== 'payment_required') subscribed();
        else if (response.clientSecret) setState({ step: 'paying', clientSecret: response.clientSecret });
        else failed(INIT_FAILED);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          setState({ step: 'failed' });
          redirectToLogin(`/subscribe?plan=${plan.id}`, 'Please log in to subscribe.');
          return;
        }
        failed(errorMessage(error, INIT_FAILED));
      },
    });
  }, [mutate, plan.id, subscribed]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment</CardTitle>
      </CardHeader>
      <CardContent>
        {state.step === 'paying' ? (
          <PaymentForm
            config={config}
            clientSecret={state.clientSecret}
            returnPath={SUBSCRIPTION_RETURN_PATH}
            redirect="if_required"
            submitLabel="Subscribe Now"
            failureTitle="Subscription Failed"
            onSucceeded={subscribed}
          />
        ) : state.step === 'failed' ? (
          <div className="flex flex-col items-start gap-4">
            <p role="alert" className="text-sm text-red-800">
              Your subscription could not be started.
            </p>
            <Button onClick={start}>Try Again</Button>
          </div>
        ) : (
          <Spinner
            label={state.step === 'done' ? 'Opening your portal' : 'Preparing your subscription'}
            className="py-12"
          />
        )}
      </CardContent>
    </Card>
  );
}
