import { describe, expect, it } from 'vitest';
import { businessSpanWords } from './response-times';

describe('a plan’s first-response target in words (the pricing page)', () => {
  it.each([
    [1, '1 business minute'],
    [30, '30 business minutes'],
    [60, '1 business hour'],
    [90, '90 business minutes'],
    [240, '4 business hours'],
    [600, '10 business hours'],
  ])('%i minutes → %s', (minutes, words) => {
    expect(businessSpanWords(minutes)).toBe(words);
  });
});
