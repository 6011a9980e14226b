import { LockKeyhole } from 'lucide-react';
import { Navigate } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { primaryAction } from '@/lib/primary-actions';
import { useCart } from '../../cart/cart-provider';
import { OrderSummary } from './order-summary';

const BACK_HERE = `next=${encodeURIComponent('/checkout')}`;

/**
 * Checkout for a visitor who is not logged in: a step of its own, not an
 * error. Logging in (or creating an account) comes back here with the cart,
 * which is kept in this browser.
 */
export function CheckoutLoginStep() {
  const cart = useCart();
  if (!cart.ready) return <Spinner label="Loading checkout" className="py-24" />;
  if (cart.items.length === 0) return <Navigate to="/shop" replace />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
      <Card>
        <CardHeader>
          <LockKeyhole className="mb-2 h-8 w-8 text-blue-700" aria-hidden="true" />
          <CardTitle>Log in to check out</CardTitle>
          <CardDescription className="text-base">
            Orders are placed from your client account, so you can follow delivery and find your invoices in the portal.
            Your cart is saved: you will come straight back to it.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <ButtonLink to={`/login?${BACK_HERE}`} size="lg" {...primaryAction}>
            Log In
          </ButtonLink>
          <ButtonLink to={`/signup?${BACK_HERE}`} size="lg" variant="outline">
            Create Account
          </ButtonLink>
        </CardContent>
      </Card>
      <aside aria-label="Order summary">
        <OrderSummary lines={cart.items} totals={cart.totals} onQuantity={cart.setQuantity} onRemove={cart.remove} />
      </aside>
    </div>
  );
}
