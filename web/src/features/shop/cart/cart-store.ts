import { MAX_CART_LINES, MAX_QUANTITY } from '@shared/cart';
import { orderTotals, type Totals } from '@shared/money';
import type { Product } from '@shared/schemas/catalog';

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

const PRICE = /^\d{1,8}(\.\d{1,2})?$/;

function text(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/**
 * One stored line, or null when it is malformed. Checked by hand rather than
 * with a zod schema: the cart is in every page's header, and the entry chunk
 * carries no zod (decision 015).
 */
function storedItem(entry: unknown): CartItem | null {
  if (!entry || typeof entry !== 'object') return null;
  const line = entry as Record<string, unknown>;
  const { id, name, price, quantity } = line;
  if (!text(id, 100) || id.length === 0 || !text(name, 500) || !text(price, 20) || !PRICE.test(price)) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    return null;
  }
  // Optional details fall back to their defaults when malformed.
  return {
    id,
    name,
    price,
    quantity,
    category: text(line.category, 200) ? line.category : '',
    imageUrl: line.imageUrl === null || !text(line.imageUrl, 500) ? null : line.imageUrl,
    unavailable: line.unavailable === 'removed' || line.unavailable === 'out_of_stock' ? line.unavailable : null,
  };
}

/** Reads a stored cart, keeping only well-formed lines (storage is user-controlled). */
export function parseStoredCart(stored: string | null): CartItem[] {
  if (!stored) return [];
  try {
    const raw: unknown = JSON.parse(stored);
    if (!Array.isArray(raw)) return [];
    const items: CartItem[] = [];
    for (const entry of raw) {
      const item = storedItem(entry);
      if (item && !items.some((existing) => existing.id === item.id)) items.push(item);
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

/** Spec §4: a quantity of 0 or less removes the item; a fraction counts whole items only (0.5 is none). */
export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  const whole = Math.floor(quantity);
  if (!Number.isFinite(whole) || whole <= 0) return removeItem(items, id);
  const clamped = Math.min(MAX_QUANTITY, whole);
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
