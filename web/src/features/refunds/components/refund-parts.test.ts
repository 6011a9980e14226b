import { describe, expect, it } from 'vitest';
import type { OrderRefunds } from '@shared/schemas/refunds';
import { refundProblem } from './refund-parts';

const summary = {
  refundableAmount: '40.00',
  refundedAmount: '0.00',
  refunds: [],
  refundedQuantities: {},
} as unknown as OrderRefunds;

describe('refundProblem: what stops a refund before it is confirmed', () => {
  it('wants an amount in dollars, above zero and within what is left', () => {
    expect(refundProblem('amount', 'ten', 0, summary)).toBe('Enter the amount in dollars, e.g. 25.00.');
    expect(refundProblem('amount', '0.00', 0, summary)).toBe('The amount must be more than $0.00.');
    expect(refundProblem('amount', '40.01', 0, summary)).toBe('At most $40.00 can be refunded.');
    expect(refundProblem('amount', ' 40 ', 0, summary)).toBeNull();
  });

  it('wants at least one line when refunding by lines', () => {
    expect(refundProblem('items', '', 0, summary)).toBe('Choose at least one line and how many to refund.');
    expect(refundProblem('items', '', 2, summary)).toBeNull();
  });
});
