import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../middleware/request-context';
import { limitInOneWindow, roomyRateLimits } from '../../test/config';
import { sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { setupTestApp } from '../../test/test-app';
import { quoteToken, quoteTokenHash } from './quote-links';

const t = setupTestApp({ rateLimits: { ...roomyRateLimits, quoteLinkPerIp: limitInOneWindow(4) } });

describe('quote links', () => {
  it('are derived from the quote id and the secret, and only their hash is stored', async () => {
    const staff = await staffAgentOf(t.db, t.agent(), 'sales');
    const quote = await sentQuote(staff);
    const token = tokenOf(quote);
    expect(token).toBe(quoteToken(t.deps.config.sessionSecret, quote.id));
    expect(quoteToken('another secret', quote.id)).not.toBe(token);
    const row = await t.db('quotes').where({ id: quote.id }).first();
    expect(row.tokenHash).toBe(quoteTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('are rate-limited per network address like the other emailed links (429 past the limit)', async () => {
    const staff = await staffAgentOf(t.db, t.agent(), 'sales');
    const quote = await sentQuote(staff);
    // Nothing else in this file looks a link up: these are this address's first look-ups.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request().get(`/api/quotes/${tokenOf(quote)}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('never reach the request log', () => {
    expect(loggedPath('/api/quotes/abcDEF_-123/accept')).toBe('/api/quotes/:token/accept');
    expect(loggedPath('/quotes/abcDEF_-123')).toBe('/quotes/:token');
    expect(loggedPath('/api/quotes')).toBe('/api/quotes');
    expect(loggedPath('/api/admin/quotes/1')).toBe('/api/admin/quotes/1');
  });
});
