import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_QUANTITY } from '@shared/cart';
import type { Product } from '@shared/schemas/catalog';
import { addItem, cartTotals, itemCount, parseStoredCart, reconcile, removeItem, setQuantity } from './cart-store';

const product = (id: string, price: string, inStock = true): Product => ({
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

describe('cart', () => {
  it('adds with quantity 1, then increments (spec §4)', () => {
    let items = addItem([], product('a', '19.99'));
    items = addItem(items, product('a', '19.99'));
    items = addItem(items, product('b', '5.00'));
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(itemCount(items)).toBe(3);
  });

  it('removes, and a quantity of 0 or less removes too; quantities stay within 1–99', () => {
    const items = addItem(addItem([], product('a', '1.00')), product('b', '2.00'));
    expect(removeItem(items, 'a').map((i) => i.id)).toEqual(['b']);
    expect(setQuantity(items, 'a', 0).map((i) => i.id)).toEqual(['b']);
    expect(setQuantity(items, 'a', -3).map((i) => i.id)).toEqual(['b']);
    expect(setQuantity(items, 'a', 250)[0]?.quantity).toBe(99);
    expect(setQuantity(items, 'a', Number.NaN).map((i) => i.id)).toEqual(['b']);
  });

  it('totals with 8.5 % tax, leaving out lines that cannot be bought', () => {
    const items = setQuantity(addItem([], product('a', '19.99')), 'a', 3);
    expect(cartTotals(items)).toEqual({ subtotalCents: 5997, taxCents: 510, totalCents: 6507 });
    const flagged = reconcile(items, [product('a', '19.99', false)]);
    expect(cartTotals(flagged)).toEqual({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('is checked against the catalogue: prices refreshed, gone and out-of-stock items flagged', () => {
    const items = [product('a', '10.00'), product('b', '20.00'), product('c', '30.00')].reduce(addItem, []);
    const checked = reconcile(items, [product('a', '12.50'), product('b', '20.00', false)]);
    expect(checked.map((i) => [i.id, i.price, i.unavailable])).toEqual([
      ['a', '12.50', null],
      ['b', '20.00', 'out_of_stock'],
      ['c', '30.00', 'removed'],
    ]);
    // Back in stock later: the flag goes away.
    expect(reconcile(checked, [product('b', '20.00')])[1]?.unavailable).toBeNull();
  });

  it('reads back only well-formed stored lines', () => {
    const stored = JSON.stringify([
      { id: 'a', name: 'A', price: '1.00', quantity: 2, category: 'x', imageUrl: null, unavailable: null },
      { id: 'a', name: 'dup', price: '1.00', quantity: 1 },
      { id: 'b', name: 'B', price: '-5', quantity: 1 },
      { id: 'c', name: 'C', price: '1.00', quantity: 1000 },
      { id: 'd', name: 'D', price: '3.50', quantity: 1, imageUrl: 42 },
      'junk',
    ]);
    expect(parseStoredCart(stored).map((i) => [i.id, i.quantity, i.imageUrl])).toEqual([
      ['a', 2, null],
      ['d', 1, null],
    ]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });

  it('keeps a line at 99 however often it is added, and takes whole quantities only', () => {
    let items = setQuantity(addItem([], product('a', '1.00')), 'a', MAX_QUANTITY);
    items = addItem(items, product('a', '1.00'));
    expect(items[0]?.quantity).toBe(MAX_QUANTITY);
    expect(setQuantity(items, 'a', 2.9)[0]?.quantity).toBe(2);
    // Less than one whole item is none: the line goes, rather than staying with a quantity of 0.
    expect(setQuantity(items, 'a', 0.5)).toEqual([]);
  });

  it('takes at most 50 different products; more of one already in the cart still adds', () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => product(`p${i}`, '1.00')).reduce(addItem, []);
    expect(full).toHaveLength(MAX_CART_LINES);
    expect(addItem(full, product('one-more', '1.00'))).toBe(full);
    expect(addItem(full, product('p0', '1.00'))[0]?.quantity).toBe(2);
    const stored = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({ id: `s${i}`, name: 'S', price: '1.00', quantity: 1 })),
    );
    expect(parseStoredCart(stored)).toHaveLength(MAX_CART_LINES);
  });

  it('changes nothing in place: every change is a new list', () => {
    const items = addItem([], product('a', '1.00'));
    const snapshot = JSON.stringify(items);
    addItem(items, product('a', '1.00'));
    setQuantity(items, 'a', 5);
    reconcile(items, []);
    removeItem(items, 'a');
    expect(JSON.stringify(items)).toBe(snapshot);
  });
});
