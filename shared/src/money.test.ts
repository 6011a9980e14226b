import { describe, expect, it } from 'vitest';
import { formatCents, formatPrice, fromCents, MAX_CHARGE_CENTS, orderTotals, taxCents, toCents } from './money';

describe('money in cents', () => {
  it.each([
    ['0', 0],
    ['0.5', 50],
    ['19.99', 1999],
    ['1299.00', 129900],
    ['99999999.99', 9999999999],
  ])('toCents(%s) = %i', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each(['', '-1.00', '1.999', 'abc', '1e3', '0x10', '1,299.00'])('refuses %j', (amount) => {
    expect(() => toCents(amount)).toThrow(/Not a money amount/);
  });

  it('formats cents as numeric(10,2) text and back', () => {
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(6507)).toBe('65.07');
    expect(toCents(fromCents(123456789))).toBe(123456789);
    expect(() => fromCents(-1)).toThrow();
    expect(() => fromCents(1.5)).toThrow();
  });

  it('takes 8.5 % tax rounded half-up to the cent', () => {
    expect(taxCents(5997)).toBe(510); // $59.97 → $5.09745 → $5.10
    expect(taxCents(100)).toBe(9); // $1.00 → $0.085 → $0.09 (half-up, not banker's)
    expect(taxCents(300)).toBe(26); // $3.00 → $0.255 → $0.26
    expect(taxCents(10)).toBe(1); // $0.10 → $0.0085 → $0.01
    expect(taxCents(5)).toBe(0); // $0.05 → $0.00425 → $0.00
    expect(taxCents(0)).toBe(0);
  });

  it('totals lines: three items at $19.99', () => {
    expect(orderTotals([{ price: '19.99', quantity: 3 }])).toEqual({
      subtotalCents: 5997,
      taxCents: 510,
      totalCents: 6507,
    });
    expect(orderTotals([])).toEqual({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('shows prices in dollars with two decimals', () => {
    expect(formatCents(129900)).toBe('$1,299.00');
    expect(formatPrice('189.00')).toBe('$189.00');
    expect(formatPrice('0.5')).toBe('$0.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(MAX_CHARGE_CENTS)).toBe('$999,999.99');
    expect(formatPrice('1234567.8')).toBe('$1,234,567.80');
  });

  it('refuses to show a price that is not an amount rather than show a wrong one', () => {
    expect(() => formatPrice('12,50')).toThrow(/Not a money amount/);
    expect(() => formatPrice('-3.00')).toThrow(/Not a money amount/);
  });
});
