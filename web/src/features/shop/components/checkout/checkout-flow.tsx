import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { orderTotalsOf } from '@shared/money';
import { emptyShipping, type Shipping, type ShippingInput } from '@shared/schemas/orders';
import { PaymentNotConfigured } from '@/features/payments/components/payment-not-configured';
import { Spinner } from '@/components/ui/spinner';
import { readyConfig, usePaymentConfig } from '@/features/payments/api/payment-config';
import { toast } from '@/lib/toast';
import { useProducts } from '../../api/get-products';
import { useCart } from '../../cart/cart-provider';
import { CheckoutSteps, type CheckoutStep } from './checkout-steps';
import { OrderSummary } from './order-summary';
import { PaymentStep, ShippingStep } from './checkout-step-cards';
import { usePlaceOrder } from './place-order';
import type { ShippingRefused } from './shipping-form';

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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<CheckoutStep>('shipping');
  const [shipping, setShipping] = useState<ShippingInput>(emptyShipping);
  const [completed, setCompleted] = useState(false);
  const { place, placed, placing } = usePlaceOrder(cart.items, () => setStep('payment'));
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
    place(data, refused);
  };

  // The order's own page (the spec's return URL), which also links to the portal.
  const paid = (orderId: string) => {
    setCompleted(true);
    cart.clear();
    void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    toast({ title: 'Payment Successful', description: 'Thank you for your order! You can follow it in your portal.' });
    navigate(`/order-confirmation?order=${orderId}`, { state: { fromPayment: true } });
  };

  const order = step === 'payment' && placed ? placed.order : null;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
      <div className="flex flex-col gap-6">
        <CheckoutSteps current={step} />
        {order && placed ? (
          <PaymentStep
            placed={placed}
            config={paymentConfig}
            onEditShipping={() => setStep('shipping')}
            onPaid={paid}
          />
        ) : (
          <ShippingStep
            initial={shipping}
            submitting={placing}
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
