import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderDetails } from '@shared/schemas/orders';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { readyConfig, usePaymentConfig } from '@/features/payments/api/payment-config';
import { PaymentForm } from '@/features/payments/components/payment-form';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelOrder, useStartOrderPayment } from '../api/pending-order';

/**
 * An order that still waits for its payment: Pay now (a new payment of the
 * order as placed) or Cancel it. Shown once the page has stopped waiting for
 * a confirmation, instead of "still being processed".
 */
export function PendingOrderActions({ order }: { order: OrderDetails }) {
  const queryClient = useQueryClient();
  const config = readyConfig(usePaymentConfig().data);
  const start = useStartOrderPayment(order.id);
  const cancel = useCancelOrder(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const clientSecret = start.data?.clientSecret ?? null;

  if (submitted) return <ConfirmingPayment orderId={order.id} />;

  const onCancel = () => {
    setFailure(null);
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: 'Order Cancelled', description: `Order ${order.number} was cancelled.` }),
      onError: (error) => setFailure(errorMessage(error, 'The order could not be cancelled')),
    });
  };

  if (clientSecret && config) {
    return (
      <div className="flex flex-col gap-3">
        <PaymentForm
          config={config}
          clientSecret={clientSecret}
          returnPath={`/order-confirmation?order=${order.id}`}
          redirect="if_required"
          submitLabel="Pay Now"
          onSucceeded={() => {
            setSubmitted(true);
            void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
          }}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => {
            setFailure(null);
            start.mutate(undefined, {
              onError: (error) => setFailure(errorMessage(error, 'The payment could not be started')),
            });
          }}
          disabled={start.isPending || cancel.isPending || !config}
        >
          {start.isPending ? 'Starting payment...' : 'Pay Now'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={start.isPending || cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel Order'}
        </Button>
      </div>
    </div>
  );
}

/** After Pay now: the order is asked for again every 2 s until the provider's confirmation has marked it paid. */
function ConfirmingPayment({ orderId }: { orderId: string }) {
  useQuery({
    queryKey: ['/api/orders', orderId],
    queryFn: () => apiJson<OrderDetails>('GET', `/api/orders/${encodeURIComponent(orderId)}`),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2_000 : false),
  });
  return <Spinner label="Confirming your payment" className="justify-start py-2" />;
}
