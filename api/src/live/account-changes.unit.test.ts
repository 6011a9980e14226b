import { describe, expect, it } from 'vitest';
import { decodeLiveEvent } from './publish';

describe('account change announcements', () => {
  it('name an account by its id; anything else on the channel names none', () => {
    const id = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(decodeLiveEvent('accounts', JSON.stringify({ userId: id }))?.userId).toBe(id);
    for (const payload of ['', 'not json', 'null', '[]', '{}', '{"userId":42}', '{"userId":"not-an-id"}']) {
      expect(decodeLiveEvent('accounts', payload)).toBeNull();
    }
  });
});
