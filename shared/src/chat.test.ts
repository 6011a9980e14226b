import { describe, expect, it } from 'vitest';
import { otherSide } from './chat';

describe('otherSide', () => {
  it('maps each side of a conversation to the other', () => {
    expect(otherSide('visitor')).toBe('admin');
    expect(otherSide('admin')).toBe('visitor');
  });
});
