import { describe, expect, it } from 'vitest';
import type { OrderDetails } from '@shared/schemas/orders';
import { toOrderLines } from './order-format';

describe('toOrderLines: the lines the invoice and the order mails list', () => {
  it('gives each item its name, quantity, unit price and line total', () => {
    const items = [
      { orderItemId: 'a', productId: 'p', name: 'Cable', quantity: 3, price: '19.99', lineTotal: '59.97' },
      { orderItemId: 'b', productId: null, name: 'Switch', quantity: 1, price: '5.00', lineTotal: '5.00' },
    ] as OrderDetails['items'];
    expect(toOrderLines({ items } as OrderDetails)).toEqual([
      { name: 'Cable', quantity: 3, unitPrice: '19.99', lineTotal: '59.97' },
      { name: 'Switch', quantity: 1, unitPrice: '5.00', lineTotal: '5.00' },
    ]);
  });
});
