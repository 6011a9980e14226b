import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Shipping } from '@shared/schemas/orders';
import { Product } from '../modules/catalog/product.model';

/** A product row with a unique name; price and stock as given. */
export async function buildProduct(
  db: Knex,
  overrides: Partial<Pick<Product, 'name' | 'category' | 'price' | 'inStock' | 'rating' | 'imageUrl'>> = {},
): Promise<Product> {
  return Product.query(db).insertAndFetch({
    name: `Test product ${randomBytes(4).toString('hex')}`,
    category: 'Networking',
    description: 'A product made by a test.',
    price: '19.99',
    imageUrl: null,
    rating: null,
    inStock: true,
    ...overrides,
  });
}

export const validShipping: Shipping = {
  fullName: 'Ada Lovelace',
  address: '800 Washington Avenue North',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55401',
  country: 'United States',
};

/** Stripe's always-succeeding and always-declined test cards, as the demo form sends them. */
export const demoCards = {
  succeeds: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  declined: { cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' },
  insufficientFunds: { cardNumber: '4000000000009995', expiry: '12/34', cvc: '123' },
} as const;
