import { describe, expect, it } from 'vitest';
import { quoteRequestSchema } from '@shared/schemas/quotes';
import { quoteRequestBody } from './request-quote';

const contact = { name: 'Dana', email: 'dana@example.com', phone: '', company: 'Acme', message: 'Twenty switches' };

describe('a quote request from the cart', () => {
  it('sends the cart’s products by id and quantity, never their prices', () => {
    const cart = [
      { id: '5d7c1f6e-0b7a-4b7e-9a55-2f1b1f0a9c01', quantity: 20, price: '100.00', name: 'Switch', category: 'x' },
    ];
    const body = quoteRequestBody(contact, cart);
    expect(body.items).toEqual([{ id: '5d7c1f6e-0b7a-4b7e-9a55-2f1b1f0a9c01', quantity: 20 }]);
    expect(JSON.stringify(body)).not.toContain('100.00');
    expect(body).not.toHaveProperty('phone');
    expect(quoteRequestSchema.safeParse(body).success).toBe(true);
  });

  it('leaves items out when the cart is empty', () => {
    expect(quoteRequestBody(contact, [])).not.toHaveProperty('items');
  });
});
