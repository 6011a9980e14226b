import { z } from 'zod';
import { orderTotals, type Totals } from '@shared/money';
import type { Product } from '@shared/schemas/catalog';
import { MAX_CART_LINES, MAX_QUANTITY } from '@shared/schemas/orders';

/** Why a cart line can't be bought any more (found when the cart is checked against the catalogue). */
type Unavailable = 'removed' | 'out_of_stock';

/** Spec §3: id, name, price (numeric string), quantity, plus other product fields. */
export interface CartItem {
  id: string;
  name: string;
  price: string;
  quantity: number;
  category: string;
  imageUrl: string | null;
  unavailable: Unavailable | null;
}

export interface CartState {
  items: CartItem[];
  /** False until the cart has been read from the browser (always false while prerendering). */
  ready: boolean;
}

export const EMPTY_CART: CartState = { items: [], ready: false };

const storedItem = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(500),
  price: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  category: z.string().max(200).catch(''),
  imageUrl: z.string().max(500).nullable().catch(null),
  unavailable: z.enum(['removed', 'out_of_stock']).nullable().catch(null),
});

/** Reads a stored cart, keeping only well-formed lines (storage is user-controlled). */
export function parseStoredCart(text: string | null): CartItem[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    const items: CartItem[] = [];
    for (const entry of raw) {
      const parsed = storedItem.safeParse(entry);
      if (parsed.success && !items.some((item) => item.id === parsed.data.id)) items.push(parsed.data);
    }
    return items.slice(0, MAX_CART_LINES);
  } catch {
    return [];
  }
}

type CartProduct = Pick<Product, 'id' | 'name' | 'price' | 'category' | 'imageUrl'>;

/** Spec §4: adding an item already in the cart adds one to its quantity, else it joins with quantity 1. */
export function addItem(items: CartItem[], product: CartProduct): CartItem[] {
  const existing = items.find((item) => item.id === product.id);
  if (existing) {
    return items.map((item) =>
      item.id === product.id ? { ...item, quantity: Math.min(MAX_QUANTITY, item.quantity + 1) } : item,
    );
  }
  if (items.length >= MAX_CART_LINES) return items;
  const { id, name, price, category, imageUrl } = product;
  return [...items, { id, name, price, category, imageUrl, quantity: 1, unavailable: null }];
}

export function removeItem(items: CartItem[], id: string): CartItem[] {
  return items.filter((item) => item.id !== id);
}

/** Spec §4: a quantity of 0 or less removes the item. */
export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeItem(items, id);
  const clamped = Math.min(MAX_QUANTITY, Math.floor(quantity));
  return items.map((item) => (item.id === id ? { ...item, quantity: clamped } : item));
}

/**
 * Checks the cart against the current catalogue: prices and names are
 * refreshed, products that are gone or out of stock are flagged.
 */
export function reconcile(items: CartItem[], products: readonly Product[]): CartItem[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.map((item) => {
    const product = byId.get(item.id);
    if (!product) return { ...item, unavailable: 'removed' };
    const { name, price, category, imageUrl } = product;
    return { ...item, name, price, category, imageUrl, unavailable: product.inStock ? null : 'out_of_stock' };
  });
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Subtotal, tax and total of the lines that can be bought. */
export function cartTotals(items: readonly CartItem[]): Totals {
  return orderTotals(items.filter((item) => !item.unavailable));
}
