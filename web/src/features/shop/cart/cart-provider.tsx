import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { CART_STORAGE_KEY, createCart, type Cart } from './cart-state';
import { cartTotals, EMPTY_CART, itemCount, type CartState } from './cart-store';

interface CartValue extends CartState {
  count: number;
  totals: ReturnType<typeof cartTotals>;
  hasUnavailable: boolean;
  add: Cart['add'];
  remove: Cart['remove'];
  setQuantity: Cart['setQuantity'];
  clear: Cart['clear'];
  reconcile: Cart['reconcile'];
}

const CartContext = createContext<Cart | null>(null);

/**
 * The shopping cart, kept in this browser (localStorage) so it survives a
 * reload. It renders empty on the server and on the first client render, then
 * fills in: prerendered pages hydrate without a mismatch.
 */
export function CartProvider({
  children,
  storageKey = CART_STORAGE_KEY,
}: {
  children: ReactNode;
  storageKey?: string;
}) {
  const cart = useMemo(() => createCart(storageKey), [storageKey]);
  useEffect(() => cart.connect(), [cart]);
  return <CartContext.Provider value={cart}>{children}</CartContext.Provider>;
}

/** Spec §8: using the cart outside its provider is an error. */
export function useCart(): CartValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  const state = useSyncExternalStore(cart.subscribe, cart.getSnapshot, () => EMPTY_CART);
  return {
    ...state,
    count: itemCount(state.items),
    totals: cartTotals(state.items),
    hasUnavailable: state.items.some((item) => item.unavailable),
    add: cart.add,
    remove: cart.remove,
    setQuantity: cart.setQuantity,
    clear: cart.clear,
    reconcile: cart.reconcile,
  };
}
