import { describe, expect, it } from 'vitest';
import type { Product } from '@shared/schemas/catalog';
import { createCart, type CartBrowser } from './cart-state';

const KEY = 'test.cart';

const product = (id: string, price = '10.00', inStock = true): Product => ({
  id,
  name: `Product ${id}`,
  category: 'Networking',
  description: '',
  price,
  imageUrl: null,
  rating: null,
  inStock,
  createdAt: '2026-11-21T00:00:00.000Z',
});

/** A browser tab: a storage shared with other tabs, and its `storage` listeners. */
function fakeBrowser(stored: Record<string, string> = {}, { broken = false } = {}) {
  const items = new Map(Object.entries(stored));
  const listeners = new Set<(event: StorageEvent) => void>();
  const fail = () => {
    throw new Error('QuotaExceededError');
  };
  const localStorage = {
    getItem: (key: string) => (broken ? fail() : (items.get(key) ?? null)),
    setItem: (key: string, value: string) => (broken ? fail() : void items.set(key, value)),
    removeItem: (key: string) => (broken ? fail() : void items.delete(key)),
  };
  const browser = {
    localStorage,
    addEventListener: (type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') listeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') listeners.delete(listener);
    },
  } as unknown as CartBrowser;
  /** Another tab wrote `key`. */
  const otherTabWrites = (key: string | null, value?: string) => {
    if (key && value !== undefined) items.set(key, value);
    for (const listener of listeners) listener({ key } as StorageEvent);
  };
  return { browser, items, listeners, otherTabWrites };
}

const ids = (cart: ReturnType<typeof createCart>) => cart.getSnapshot().items.map((item) => [item.id, item.quantity]);

describe('the cart kept in the browser', () => {
  it('is empty and not ready until connected, then holds what this browser kept', () => {
    const stored = [{ id: 'a', name: 'A', price: '5.00', quantity: 2 }];
    const { browser } = fakeBrowser({ [KEY]: JSON.stringify(stored) });
    const cart = createCart(KEY, browser);
    expect(cart.getSnapshot()).toEqual({ items: [], ready: false });
    cart.connect();
    expect(cart.getSnapshot().ready).toBe(true);
    expect(ids(cart)).toEqual([['a', 2]]);
  });

  it('writes every change to storage, and removes the key when the cart is emptied', () => {
    const { browser, items } = fakeBrowser();
    const cart = createCart(KEY, browser);
    cart.connect();
    cart.add(product('a'));
    cart.add(product('a'));
    cart.add(product('b'));
    expect(JSON.parse(items.get(KEY) ?? '[]')).toMatchObject([
      { id: 'a', quantity: 2 },
      { id: 'b', quantity: 1 },
    ]);
    cart.setQuantity('a', 0);
    expect(ids(cart)).toEqual([['b', 1]]);
    cart.clear();
    expect(items.has(KEY)).toBe(false);
    expect(cart.getSnapshot()).toEqual({ items: [], ready: true });
  });

  it('tells its subscribers of every change until they unsubscribe', () => {
    const { browser } = fakeBrowser();
    const cart = createCart(KEY, browser);
    let calls = 0;
    const unsubscribe = cart.subscribe(() => (calls += 1));
    cart.connect();
    cart.add(product('a'));
    expect(calls).toBe(2);
    unsubscribe();
    cart.remove('a');
    expect(calls).toBe(2);
  });

  it("follows another tab's changes to its key (or a cleared storage), not to other keys", () => {
    const { browser, items, otherTabWrites } = fakeBrowser();
    const cart = createCart(KEY, browser);
    cart.connect();
    otherTabWrites(KEY, JSON.stringify([{ id: 'x', name: 'X', price: '1.00', quantity: 3 }]));
    expect(ids(cart)).toEqual([['x', 3]]);
    // Storage changed under the cart's key, but the event is about another key: not read again.
    items.set(KEY, JSON.stringify([]));
    otherTabWrites('something.else', 'value');
    expect(ids(cart)).toEqual([['x', 3]]);
    otherTabWrites(null);
    expect(ids(cart)).toEqual([]);
    otherTabWrites(KEY, 'not json');
    expect(ids(cart)).toEqual([]);
  });

  it('stops following other tabs once disconnected', () => {
    const { browser, listeners, otherTabWrites } = fakeBrowser();
    const cart = createCart(KEY, browser);
    const disconnect = cart.connect();
    expect(listeners.size).toBe(1);
    disconnect();
    expect(listeners.size).toBe(0);
    otherTabWrites(KEY, JSON.stringify([{ id: 'x', name: 'X', price: '1.00', quantity: 1 }]));
    expect(ids(cart)).toEqual([]);
  });

  it('still works for this page when storage is full or disabled', () => {
    const { browser } = fakeBrowser({}, { broken: true });
    const cart = createCart(KEY, browser);
    cart.connect();
    expect(cart.getSnapshot()).toEqual({ items: [], ready: true });
    cart.add(product('a'));
    expect(ids(cart)).toEqual([['a', 1]]);
  });

  it('is checked against the catalogue only once it has been read (a check earlier would save an empty cart)', () => {
    const stored = [{ id: 'a', name: 'A', price: '5.00', quantity: 1 }];
    const { browser, items } = fakeBrowser({ [KEY]: JSON.stringify(stored) });
    const cart = createCart(KEY, browser);
    cart.reconcile([product('a', '6.00', false)]);
    expect(cart.getSnapshot().ready).toBe(false);
    expect(JSON.parse(items.get(KEY) ?? '[]')).toEqual(stored);
    cart.connect();
    cart.reconcile([product('a', '6.00', false)]);
    expect(cart.getSnapshot().items).toMatchObject([{ id: 'a', price: '6.00', unavailable: 'out_of_stock' }]);
  });
});
