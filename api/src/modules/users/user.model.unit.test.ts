import { describe, expect, it } from 'vitest';
import { User } from './user.model';

const user = (fields: { firstName?: string | null; lastName?: string | null }) =>
  User.fromJson({ username: 'ada', firstName: null, lastName: null, ...fields }, { skipValidation: true });

describe('User.displayName', () => {
  it('is the first and last name as given', () => {
    expect(user({ firstName: 'Ada', lastName: 'Lovelace' }).displayName).toBe('Ada Lovelace');
    expect(user({ firstName: 'Ada' }).displayName).toBe('Ada');
    expect(user({ lastName: 'Lovelace' }).displayName).toBe('Lovelace');
  });

  it('falls back to the username without either', () => {
    expect(user({}).displayName).toBe('ada');
    expect(user({ firstName: '', lastName: '' }).displayName).toBe('ada');
  });
});
