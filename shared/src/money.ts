/**
 * Money as integer cents. PostgreSQL keeps amounts as numeric(10,2) and the
 * API sends them as decimal strings ("1299.00"); arithmetic never touches
 * floating point.
 */

/** Spec §9: state tax is 8.5 % of the subtotal. */
export const TAX_RATE_LABEL = '8.5%';
const TAX_RATE_PER_THOUSAND = 85;

/** Stripe's maximum charge for USD ($999,999.99), which also fits numeric(10,2). */
export const MAX_CHARGE_CENTS = 99_999_999;

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "1299.00" / "19.9" / "5" → cents. Throws on anything that is not a non-negative decimal. */
export function toCents(amount: string): number {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: ${JSON.stringify(amount)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** cents → "1299.00", the form numeric(10,2) and the API use. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${fraction.toString().padStart(2, '0')}`;
}

/** 8.5 % of a subtotal, rounded half-up to the cent. */
export function taxCents(subtotalCents: number): number {
  return Math.floor((subtotalCents * TAX_RATE_PER_THOUSAND + 500) / 1000);
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Subtotal, tax and total of priced lines (unit price as a decimal string). */
export function orderTotals(lines: ReadonlyArray<{ price: string; quantity: number }>): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  const tax = taxCents(subtotalCents);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** The totals of an order as the API sends them (decimal strings). */
export function orderTotalsOf(order: { subtotalAmount: string; taxAmount: string; totalAmount: string }): Totals {
  return {
    subtotalCents: toCents(order.subtotalAmount),
    taxCents: toCents(order.taxAmount),
    totalCents: toCents(order.totalAmount),
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,299.00" from cents. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "$1,299.00" from a decimal string such as "1299.00". */
export function formatPrice(amount: string): string {
  return formatCents(toCents(amount));
}
