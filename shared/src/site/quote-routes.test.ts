import { describe, expect, it } from 'vitest';
import { findSiteRoute } from './routes';

describe('the quote pages in the route table', () => {
  it('serve the one /quotes page for every link token', () => {
    expect(findSiteRoute('/quotes/Zx8_k2-LmQ4pR7sT9vW1yA')?.path).toBe('/quotes');
    expect(findSiteRoute('/quotes/3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f')?.path).toBe('/quotes');
    expect(findSiteRoute('/quotes')?.path).toBe('/quotes');
  });

  it('answer 404 for what is not a token, and never give other pages tokens', () => {
    expect(findSiteRoute('/quotes/short')).toBeUndefined();
    expect(findSiteRoute('/quotes/has.dots.in.it.1234567')).toBeUndefined();
    expect(findSiteRoute('/quotes/a/b')).toBeUndefined();
    expect(findSiteRoute('/portal/Zx8_k2-LmQ4pR7sT9vW1yA')).toBeUndefined();
  });

  it('serve the console’s quote pages', () => {
    expect(findSiteRoute('/admin/quotes')?.path).toBe('/admin/quotes');
    expect(findSiteRoute('/admin/quotes/new')?.path).toBe('/admin/quotes/new');
    expect(findSiteRoute('/admin/quotes/3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f')?.path).toBe('/admin/quotes');
  });
});
