import { describe, expect, it } from 'vitest';
import { newQuoteUrl, readQuotePrefill } from './quote-prefill';

describe('Make a quote links', () => {
  it('carry the customer and the source to the builder', () => {
    const url = newQuoteUrl({
      userId: null,
      name: 'Dana Client',
      email: 'dana@example.com',
      company: 'Acme & Co',
      source: { enquiryId: 'e1' },
    });
    expect(url.startsWith('/admin/quotes/new?')).toBe(true);
    const params = new URL(url, 'http://x').searchParams;
    expect(readQuotePrefill(params)).toEqual({
      userId: null,
      name: 'Dana Client',
      email: 'dana@example.com',
      company: 'Acme & Co',
      source: { enquiryId: 'e1' },
    });
  });

  it('name a chat or a service request as the source', () => {
    const chat = new URL(newQuoteUrl({ userId: 'u1', source: { conversationId: 'c1' } }), 'http://x');
    expect(readQuotePrefill(chat.searchParams)).toMatchObject({ userId: 'u1', source: { conversationId: 'c1' } });
    const ticket = new URL(newQuoteUrl({ source: { serviceRequestId: 's1' } }), 'http://x');
    expect(readQuotePrefill(ticket.searchParams)?.source).toEqual({ serviceRequestId: 's1' });
  });

  it('prefill nothing without a source', () => {
    expect(readQuotePrefill(new URLSearchParams('name=x'))).toBeNull();
  });
});
