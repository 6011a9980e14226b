import type { Product } from '@shared/schemas/catalog';
import {
  addItem,
  EMPTY_CART,
  parseStoredCart,
  reconcile,
  removeItem,
  setQuantity,
  type CartItem,
  type CartState,
} from './cart-store';

export const CART_STORAGE_KEY = 'northstar.cart.v1';

/** What the cart needs of the browser: its storage, and the event saying another tab changed it. */
export type CartBrowser = Pick<Window, 'localStorage' | 'addEventListener' | 'removeEventListener'>;

/**
 * The cart's state outside React: the lines, kept in the browser's storage under `storageKey` (a full or
 * disabled storage leaves the cart working for this page), read once `connect`ed, and read again when another
 * tab changes them. `browser` is the window unless given (tests); it is touched only when the cart is connected
 * or changed, never while rendering (the server has no window).
 */
export function createCart(storageKey: string, browser?: CartBrowser) {
  const host = (): CartBrowser => browser ?? window;
  let state: CartState = EMPTY_CART;
  const listeners = new Set<() => void>();
  const emit = (next: CartState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const write = (items: CartItem[]) => {
    emit({ items, ready: true });
    try {
      if (items.length === 0) host().localStorage.removeItem(storageKey);
      else host().localStorage.setItem(storageKey, JSON.stringify(items));
    } catch {
      // Storage full or disabled (private mode): the cart still works for this page.
    }
  };
  const read = () => {
    let text: string | null = null;
    try {
      text = host().localStorage.getItem(storageKey);
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
      host().addEventListener('storage', onStorage);
      return () => host().removeEventListener('storage', onStorage);
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

export type Cart = ReturnType<typeof createCart>;
