import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PublicQuote } from '@shared/schemas/quotes';
import { PublicQuoteView } from './public-quote-view';
import { quoteState } from './quote-state';

const TODAY = '2026-11-26';

const base: PublicQuote = {
  number: 'Q-2026-0001',
  version: 1,
  status: 'sent',
  title: 'Office network',
  customer: { name: 'Dana Client', email: 'dana@example.com', company: 'Acme' },
  lines: [
    {
      id: 'a',
      position: 1,
      kind: 'product',
      productId: '5d7c1f6e-0b7a-4b7e-9a55-2f1b1f0a9c01',
      description: 'Managed switch',
      quantity: 2,
      unitPrice: '100.00',
      taxable: true,
      interval: null,
      lineTotal: '200.00',
    },
    {
      id: 'b',
      position: 2,
      kind: 'service',
      productId: null,
      description: 'Installation',
      quantity: 3,
      unitPrice: '50.00',
      taxable: false,
      interval: null,
      lineTotal: '150.00',
    },
    {
      id: 'c',
      position: 3,
      kind: 'recurring',
      productId: null,
      description: 'Managed network',
      quantity: 2,
      unitPrice: '99.99',
      taxable: false,
      interval: 'month',
      lineTotal: '199.98',
    },
  ],
  totals: {
    oneTimeSubtotal: '350.00',
    tax: '17.00',
    oneTimeTotal: '367.00',
    deposit: '91.75',
    recurringMonthly: '199.98',
  },
  depositPercent: 25,
  validUntil: '2026-12-31',
  terms: 'Payment due in 30 days.',
  sentAt: '2026-11-26T15:00:00.000Z',
  acceptedAt: null,
  signatureName: null,
  paidAt: null,
  convertedAt: null,
  replacedByUrl: null,
};

function render(quote: PublicQuote, today = TODAY): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PublicQuoteView quote={quote} token="tok_abcdefghijklmnop" today={today} />
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the client’s quote page', () => {
  it('shows an open quote with its lines grouped, totals, validity, terms, PDF and the Accept and Decline forms', () => {
    const text = render(base);
    expect(text).toContain('Office network');
    expect(text).toMatch(/One-time .*Managed switch.*Installation.*Monthly services .*Managed network/);
    expect(text).toContain('$367.00');
    expect(text).toContain('Deposit due on acceptance (25%) $91.75');
    expect(text).toContain('$199.98/mo');
    expect(text).toContain('valid until December 31, 2026');
    expect(text).toContain('Payment due in 30 days.');
    expect(text).toContain('Download PDF');
    expect(text).toContain('Your full name');
    expect(text).toContain('I agree to the terms');
    expect(text).toContain('Accept Quote');
    expect(text).toContain('Decline Quote');
  });

  it('asks for the delivery address of a quote with products, and for none without them (decision 201)', () => {
    const text = render(base);
    expect(text).toContain('Delivery address');
    for (const label of ['Full Name', 'Address', 'City', 'State', 'ZIP Code', 'Country']) expect(text).toContain(label);
    const servicesOnly = render({ ...base, lines: base.lines.filter((line) => line.kind === 'service') });
    expect(servicesOnly).not.toContain('Delivery address');
    expect(servicesOnly).toContain('Accept Quote');
  });

  it('asks the client to sign in or sign up first when no account is known for the quote, coming back to it', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <PublicQuoteView quote={{ ...base, signInRequired: true }} token="tok_abcdefghijklmnop" today={TODAY} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('Sign in to accept this quote.');
    expect(html).toContain('href="/login?next=%2Fquotes%2Ftok_abcdefghijklmnop"');
    expect(html).toContain('href="/signup?next=%2Fquotes%2Ftok_abcdefghijklmnop"');
    expect(html).not.toContain('Accept Quote');
    expect(html).toContain('Decline Quote');
  });

  it('shows an accepted quote’s signature and no forms', () => {
    const text = render({
      ...base,
      status: 'accepted',
      signatureName: 'Dana Q. Client',
      acceptedAt: '2026-11-27T10:30:00.000Z',
    });
    expect(text).toContain('Accepted');
    expect(text).toContain('signed by Dana Q. Client');
    expect(text).toContain('2026');
    expect(text).not.toContain('Accept Quote');
    expect(text).not.toContain('Decline Quote');
  });

  it('offers to pay the deposit of an accepted quote, and says when it was paid', () => {
    const accepted = {
      ...base,
      status: 'accepted' as const,
      signatureName: 'Dana',
      acceptedAt: '2026-11-27T10:30:00Z',
    };
    const due = render(accepted);
    expect(due).toContain('Pay the deposit below to start the work.');
    expect(due).toContain('Pay the $91.75 deposit');
    expect(due).toContain('You do not need an account');

    const paid = render({
      ...accepted,
      status: 'paid',
      paidAt: '2026-11-28T09:00:00Z',
      convertedAt: '2026-11-28T09:00:00Z',
    });
    expect(paid).toContain('Deposit paid on');
    expect(paid).not.toContain('Pay the $91.75 deposit');

    const nothingDue = render({ ...accepted, totals: { ...base.totals, deposit: '0.00' }, depositPercent: 0 });
    expect(nothingDue).not.toContain('Pay the');
    expect(nothingDue).toContain('we will be in touch to schedule the work');
  });

  it.each([
    ['declined', 'You declined this quote.'],
    ['expired', 'This quote has expired.'],
    ['withdrawn', 'This quote was withdrawn.'],
    ['superseded', 'This quote was replaced.'],
  ] as const)('shows a %s quote as such, without the forms', (status, notice) => {
    const text = render({ ...base, status });
    expect(text).toContain(notice);
    expect(text).not.toContain('Accept Quote');
  });

  it('links a replaced quote to its new version once there is one', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <PublicQuoteView
          quote={{ ...base, status: 'superseded', replacedByUrl: '/quotes/newtoken_abcdefghijk' }}
          token="tok_abcdefghijklmnop"
          today={TODAY}
        />
      </QueryClientProvider>,
    );
    expect(html).toContain('href="/quotes/newtoken_abcdefghijk"');
    expect(html).toContain('Open the new version');
  });

  it('treats a sent quote past its last day as expired', () => {
    expect(quoteState(base, '2027-01-01')).toEqual({ kind: 'expired' });
    expect(quoteState(base, '2026-12-31')).toEqual({ kind: 'open' });
    expect(quoteState({ ...base, status: 'paid', signatureName: 'D' }, TODAY)).toMatchObject({ kind: 'accepted' });
    expect(render(base, '2027-01-01')).not.toContain('Accept Quote');
  });
});
