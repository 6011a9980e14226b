import { describe, expect, it } from 'vitest';
import { orderStatuses } from '@shared/schemas/orders';
import { orderStatusParam, readOrderListParams } from './order-list-params';

describe('the staff orders list read from the URL', () => {
  it('takes the search, status, dates and page', () => {
    const query = new URLSearchParams({
      q: 'NS-10427',
      status: 'paid',
      from: '2026-11-01',
      to: '2026-11-30',
      cursor: 'c1',
    });
    expect(readOrderListParams(query)).toEqual({
      q: 'NS-10427',
      status: 'paid',
      from: '2026-11-01',
      to: '2026-11-30',
      cursor: 'c1',
    });
  });

  it('is every order with an empty query (empty strings are left out of the API request)', () => {
    expect(readOrderListParams(new URLSearchParams())).toEqual({ q: '', status: '', from: '', to: '', cursor: '' });
  });

  it('knows every order status and nothing else', () => {
    for (const status of orderStatuses) expect(orderStatusParam(status)).toBe(status);
    expect(orderStatusParam('PAID')).toBe('');
    expect(orderStatusParam('lost')).toBe('');
    expect(orderStatusParam(null)).toBe('');
  });
});
