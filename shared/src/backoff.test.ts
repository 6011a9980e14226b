import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('spreads retries with jitter under a ceiling', () => {
    expect(backoffDelay(0, 500, 15_000, () => 0)).toBe(250);
    expect(backoffDelay(3, 500, 15_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 500, 15_000, () => 0.5)).toBe(11_250);
  });
});
