import { type CheckoutResponse, type Shipping, type ShippingInput } from '@shared/schemas/orders';
import { ShippingAddress } from '@/components/commerce/shipping-address';
import type { ReadyPaymentConfig } from '@/features/payments/api/payment-config';
import { PaymentForm } from '@/features/payments/components/payment-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ShippingForm, type ShippingRefused } from './shipping-form';

/** The checkout's first step: where to ship, refused while the cart holds what can no longer be ordered. */
export function ShippingStep({
  initial,
  submitting,
  hasUnavailable,
  onSubmit,
}: {
  initial: ShippingInput;
  submitting: boolean;
  hasUnavailable: boolean;
  onSubmit: (shipping: Shipping, refused: ShippingRefused) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shipping Information</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {hasUnavailable ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            Some items in your cart can no longer be ordered. Remove them to continue.
          </p>
        ) : null}
        <ShippingForm initial={initial} submitting={submitting} disabled={hasUnavailable} onSubmit={onSubmit} />
      </CardContent>
    </Card>
  );
}

/** The checkout's second step: the placed order's address (with Edit Shipping Info) and the card form. */
export function PaymentStep({
  placed,
  config,
  onEditShipping,
  onPaid,
}: {
  placed: CheckoutResponse;
  config: ReadyPaymentConfig;
  onEditShipping: () => void;
  onPaid: (orderId: string) => void;
}) {
  const { order } = placed;
  return (
    <>
      <Card>
        <CardHeader>
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1.5">
              <CardTitle>Shipping To</CardTitle>
              <p className="text-sm text-slate-600">Order {order.number}</p>
            </div>
            <Button variant="outline" onClick={onEditShipping}>
              Edit Shipping Info
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <ShippingAddress shipping={order.shipping} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment</CardTitle>
        </CardHeader>
        <CardContent>
          <PaymentForm
            config={config}
            clientSecret={placed.clientSecret}
            returnPath={`/order-confirmation?order=${order.id}`}
            redirect="if_required"
            submitLabel="Pay Now"
            onSucceeded={() => onPaid(order.id)}
          />
        </CardContent>
      </Card>
    </>
  );
}
