import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { orderTotalsOf } from '@shared/money';
import { emptyShipping, type CheckoutResponse, type Shipping, type ShippingInput } from '@shared/schemas/orders';
import { PaymentNotConfigured } from '@/features/payments/components/payment-not-configured';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { redirectToLogin } from '@/lib/login-redirect';
import { readyConfig, usePaymentConfig } from '@/features/payments/api/payment-config';
import { toast } from '@/lib/toast';
import { useCreateOrderPayment } from '../../api/create-order-payment';
import { productsQueryKey, useProducts } from '../../api/get-products';
import { useCart } from '../../cart/cart-provider';
import type { CartItem } from '../../cart/cart-store';
import { CheckoutSteps, type CheckoutStep } from './checkout-steps';
import { OrderSummary } from './order-summary';
import { PaymentStep, ShippingStep } from './checkout-step-cards';
import type { ShippingRefused } from './shipping-form';

/** A random UUID v4; crypto.randomUUID exists only on https pages (and localhost), getRandomValues everywhere. */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same cart and address give the same order: editing nothing and continuing reuses it. */
function orderKey(items: readonly CartItem[], shipping: Shipping): string {
  return JSON.stringify([items.map((item) => [item.id, item.quantity]), shipping]);
}

/**
 * Spec §2/§4 checkout: Shipping, then Payment once the address is valid and
 * the server has priced and written the order; Edit Shipping Info goes back.
 * On success the cart is cleared and the buyer lands on the order's
 * confirmation page (the return URL a provider redirect would bring them to).
 */
export function CheckoutFlow() {
  const cart = useCart();
  const products = useProducts();
  const config = usePaymentConfig();
  const createPayment = useCreateOrderPayment();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<CheckoutStep>('shipping');
  const [shipping, setShipping] = useState<ShippingInput>(emptyShipping);
  const [placed, setPlaced] = useState<{ key: string; response: CheckoutResponse } | null>(null);
  const [completed, setCompleted] = useState(false);
  // One key per checkout: sending again (a double click, an answer that never came, shipping edited) reuses the
  // attempt's pending order on the server instead of making another (decision 102).
  const [attemptKey] = useState(newAttemptKey);
  const { reconcile, ready } = cart;

  useEffect(() => {
    if (products.data && ready) reconcile(products.data);
  }, [products.data, ready, reconcile]);

  if (completed || !cart.ready || config.isPending) return <Spinner label="Loading checkout" className="py-24" />;
  if (cart.items.length === 0) return <Navigate to="/shop" replace />;
  const paymentConfig = readyConfig(config.data);
  if (!paymentConfig) return <PaymentNotConfigured />;

  const continueToPayment = (data: Shipping, refused: ShippingRefused) => {
    setShipping(data);
    const key = orderKey(cart.items, data);
    if (placed?.key === key) {
      setStep('payment');
      return;
    }
    const items = cart.items.map(({ id, quantity }) => ({ id, quantity }));
    createPayment.mutate(
      { items, shipping: data, attemptKey },
      {
        onSuccess: (response) => {
          if (!response.clientSecret) {
            toast({
              title: 'Error',
              description: 'Failed to initialize payment. Please try again.',
              variant: 'destructive',
            });
            return;
          }
          setPlaced({ key, response });
          setStep('payment');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            redirectToLogin('/checkout', 'Please log in to complete your purchase.');
            return;
          }
          // A refused address field is said under it; anything else in the toast.
          const message = refused(error, 'Failed to initialize payment. Please try again.');
          if (message) toast({ title: 'Error', description: message, variant: 'destructive' });
          // Stock or prices may have changed: check the cart against the catalogue again.
          void queryClient.invalidateQueries({ queryKey: productsQueryKey });
        },
      },
    );
  };

  // The order's own page (the spec's return URL), which also links to the portal.
  const paid = (orderId: string) => {
    setCompleted(true);
    cart.clear();
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    toast({ title: 'Payment Successful', description: 'Thank you for your order! You can follow it in your portal.' });
    navigate(`/order-confirmation?order=${orderId}`, { state: { fromPayment: true } });
  };

  const order = step === 'payment' && placed ? placed.response.order : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
      <div className="flex flex-col gap-6">
        <CheckoutSteps current={step} />
        {order && placed ? (
          <PaymentStep
            placed={placed.response}
            config={paymentConfig}
            onEditShipping={() => setStep('shipping')}
            onPaid={paid}
          />
        ) : (
          <ShippingStep
            initial={shipping}
            submitting={createPayment.isPending}
            hasUnavailable={cart.hasUnavailable}
            onSubmit={continueToPayment}
          />
        )}
      </div>
      <aside aria-label="Order summary">
        {order ? (
          <OrderSummary
            lines={order.items.map((item) => ({ ...item, id: item.productId }))}
            totals={orderTotalsOf(order)}
          />
        ) : (
          <OrderSummary lines={cart.items} totals={cart.totals} onQuantity={cart.setQuantity} onRemove={cart.remove} />
        )}
      </aside>
    </div>
  );
}
