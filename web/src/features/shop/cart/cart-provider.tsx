import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Product } from '@shared/schemas/catalog';
import {
  addItem,
  cartTotals,
  EMPTY_CART,
  itemCount,
  parseStoredCart,
  reconcile,
  removeItem,
  setQuantity,
  type CartItem,
  type CartState,
} from './cart-store';

const CART_STORAGE_KEY = 'northstar.cart.v1';

function createCart(storageKey: string) {
  let state: CartState = EMPTY_CART;
  const listeners = new Set<() => void>();
  const emit = (next: CartState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const write = (items: CartItem[]) => {
    emit({ items, ready: true });
    try {
      if (items.length === 0) window.localStorage.removeItem(storageKey);
      else window.localStorage.setItem(storageKey, JSON.stringify(items));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this page.
    }
  };
  const read = () => {
    let text: string | null = null;
    try {
      text = window.localStorage.getItem(storageKey);
    } catch {
      text = null;
    }
    emit({ items: parseStoredCart(text), ready: true });
  };
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** After hydration: the cart kept in this browser, and changes made in other tabs. */
    connect() {
      read();
      const onStorage = (event: StorageEvent) => {
        if (event.key === storageKey || event.key === null) read();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
    add: (product: Pick<Product, 'id' | 'name' | 'price' | 'category' | 'imageUrl'>) =>
      write(addItem(state.items, product)),
    remove: (id: string) => write(removeItem(state.items, id)),
    setQuantity: (id: string, quantity: number) => write(setQuantity(state.items, id, quantity)),
    clear: () => write([]),
    reconcile: (products: readonly Product[]) => {
      if (state.ready) write(reconcile(state.items, products));
    },
  };
}

type Cart = ReturnType<typeof createCart>;

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
