import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { uuid } from '@shared/schemas/text';
import { ButtonLink } from '@/components/ui/button';
import { PageContainer } from '@/components/layout/page-container';
import { useUser } from '@/features/auth/api/use-user';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { useCart } from '@/features/shop/cart/cart-provider';

function Confirmation() {
  const [params] = useSearchParams();
  const cart = useCart();
  const { user } = useUser();
  const { clear } = cart;
  const orderId = params.get('order') ?? '';
  const location = useLocation();
  // Stripe appends redirect_status when it brings the buyer back after paying; the checkout says so in the state.
  const cameFromPayment =
    params.has('redirect_status') || (location.state as { fromPayment?: boolean } | null)?.fromPayment === true;
  const onPaid = useCallback(() => clear(), [clear]);

  if (!uuid.safeParse(orderId).success) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Order not found</h2>
        <p className="text-slate-600">This link does not point to an order. Your orders are listed in the portal.</p>
        <ButtonLink to="/portal">Go to Client Portal</ButtonLink>
      </div>
    );
  }
  return (
    <OrderConfirmation
      orderId={orderId}
      cameFromPayment={cameFromPayment}
      onPaid={onPaid}
      receiptEmail={user?.email ?? null}
    />
  );
}

export function Component() {
  return (
    <PageContainer className="flex flex-col gap-8 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Order Confirmation</h1>
      <RequireAuth>
        <Confirmation />
      </RequireAuth>
    </PageContainer>
  );
}
