import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, placeApiError } from './form';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.email('Please enter a valid email address').max(10, 'Email is too long'),
  address: z.object({ city: z.string().min(1, 'City is required') }),
});

const errorsOf = (value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return fieldErrors<z.input<typeof schema>>(result.error);
};

describe('fieldErrors', () => {
  it('gives one message per invalid field, the first the schema found', () => {
    expect(errorsOf({ name: '', email: 'not-an-email-at-all', address: { city: 'Austin' } })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
    });
  });

  it('names a nested field by its top-level field', () => {
    expect(errorsOf({ name: 'Ada', email: 'a@b.co', address: { city: '' } })).toEqual({ address: 'City is required' });
  });

  it('leaves valid fields out', () => {
    expect(Object.keys(errorsOf({ name: 'Ada', email: 'bad', address: { city: 'Austin' } }))).toEqual(['email']);
  });

  it('ignores an issue about the whole value (no field to show it beside)', () => {
    const result = z.string().safeParse(42);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({});
  });
});

describe('placeApiError (a 400 of the API, placed on a form)', () => {
  const signup = ['username', 'password', 'email', 'firstName', 'lastName'] as const;

  it('puts a message naming a field under that field, without the raw prefix', () => {
    expect(placeApiError('password: This password is too common. Choose another.', signup)).toEqual({
      field: 'password',
      message: 'This password is too common. Choose another.',
    });
  });

  it('reads a path through ids with hyphens (a plan keyed by its UUID)', () => {
    const plan = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    expect(placeApiError(`plans.${plan}.urgent.resolutionMinutes: Too long`, [plan])).toEqual({
      field: plan,
      message: 'Too long',
    });
  });

  it('names a nested field by the deepest part of its path the form has', () => {
    expect(placeApiError('shipping.zipCode: Enter a 5-digit ZIP code', ['fullName', 'zipCode'])).toEqual({
      field: 'zipCode',
      message: 'Enter a 5-digit ZIP code',
    });
    expect(placeApiError('shipping.zipCode: Enter a 5-digit ZIP code', ['shipping'])).toEqual({
      field: 'shipping',
      message: 'Enter a 5-digit ZIP code',
    });
  });

  it('leaves for the whole form a message without a prefix, or about a field the form does not show', () => {
    expect(placeApiError('Invalid username or password', signup)).toEqual({
      field: null,
      message: 'Invalid username or password',
    });
    expect(placeApiError('items.0.id: No such product', signup)).toEqual({
      field: null,
      message: 'items.0.id: No such product',
    });
    // A sentence with a colon is not a field name.
    expect(placeApiError('Try again later: the service is busy', signup).field).toBeNull();
  });
});
