import { describe, expect, it } from 'vitest';
import { serviceOptions } from '@shared/contact';
import { readEnquiryListParams } from './enquiry-list-params';

const CURSOR = '1764150000000.0b9f3c1e-5a43-4c1f-9e1a-2f6c1d2e3a4b';

describe('the enquiries inbox read from the URL', () => {
  it('takes the search, status, kind, service, page and open enquiry', () => {
    const query = new URLSearchParams({
      q: 'quote',
      status: 'replied',
      kind: 'quote_request',
      service: serviceOptions[2],
      cursor: CURSOR,
      id: 'e1',
    });
    expect(readEnquiryListParams(query)).toEqual({
      q: 'quote',
      status: 'replied',
      kind: 'quote_request',
      service: serviceOptions[2],
      cursor: CURSOR,
      selectedId: 'e1',
    });
  });

  it('reads values the list cannot ask for as no filter', () => {
    const query = new URLSearchParams({ status: 'archived', kind: 'quotes', service: 'Plumbing', cursor: '2' });
    expect(readEnquiryListParams(query)).toEqual({
      q: '',
      status: null,
      kind: null,
      service: null,
      cursor: null,
      selectedId: null,
    });
  });
});
