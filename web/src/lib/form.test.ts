import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './form';

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
