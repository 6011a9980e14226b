import { Outlet } from 'react-router-dom';
import { CartProvider } from '@/features/shop/cart/cart-provider';

/**
 * The pages that use the cart (shop, checkout, order confirmation) share one
 * provider; the cart itself lives in the browser's storage, so it is the same
 * whenever the visitor comes back. Other pages never load the cart's code.
 */
export function Component() {
  return (
    <CartProvider>
      <Outlet />
    </CartProvider>
  );
}
