import { fromCents, MAX_CHARGE_CENTS, taxCents, toCents } from './money';

/**
 * A quote's totals (issue 25), computed the same way by the server (which
 * alone decides them) and by the console's builder (which shows them live).
 * One-time lines (products, services) make the subtotal; tax is the shop's
 * 8.5 % of the taxable one-time lines; the deposit is a whole percentage of the
 * one-time total; recurring lines are summed per month and never taxed here
 * (their provider bills them).
 */
export interface PricedQuoteLine {
  kind: 'product' | 'service' | 'recurring';
  quantity: number;
  /** Unit price as a decimal string ("120.00"). */
  unitPrice: string;
  taxable: boolean;
}

export interface QuoteTotalsCents {
  oneTimeSubtotal: number;
  tax: number;
  oneTimeTotal: number;
  deposit: number;
  recurringMonthly: number;
}

export interface QuoteTotals {
  oneTimeSubtotal: string;
  tax: string;
  oneTimeTotal: string;
  deposit: string;
  recurringMonthly: string;
}

/** Cents of one line (unit price × quantity). */
export function lineTotalCents(line: Pick<PricedQuoteLine, 'quantity' | 'unitPrice'>): number {
  return toCents(line.unitPrice) * line.quantity;
}

export function quoteTotalsCents(lines: readonly PricedQuoteLine[], depositPercent = 0): QuoteTotalsCents {
  let oneTimeSubtotal = 0;
  let taxable = 0;
  let recurringMonthly = 0;
  for (const line of lines) {
    const cents = lineTotalCents(line);
    if (line.kind === 'recurring') {
      recurringMonthly += cents;
    } else {
      oneTimeSubtotal += cents;
      if (line.taxable) taxable += cents;
    }
  }
  const tax = taxCents(taxable);
  const oneTimeTotal = oneTimeSubtotal + tax;
  // Half-up to the cent, in integers.
  const deposit = Math.floor((oneTimeTotal * depositPercent + 50) / 100);
  return { oneTimeSubtotal, tax, oneTimeTotal, deposit, recurringMonthly };
}

export function quoteTotals(lines: readonly PricedQuoteLine[], depositPercent = 0): QuoteTotals {
  const cents = quoteTotalsCents(lines, depositPercent);
  return {
    oneTimeSubtotal: fromCents(cents.oneTimeSubtotal),
    tax: fromCents(cents.tax),
    oneTimeTotal: fromCents(cents.oneTimeTotal),
    deposit: fromCents(cents.deposit),
    recurringMonthly: fromCents(cents.recurringMonthly),
  };
}

/** Whether every total stays within what one charge may be (Stripe's limit, numeric(10,2)). */
export function quoteTotalsWithinLimits(totals: QuoteTotalsCents): boolean {
  return totals.oneTimeTotal <= MAX_CHARGE_CENTS && totals.recurringMonthly <= MAX_CHARGE_CENTS;
}
