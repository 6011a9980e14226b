import type { PublicQuote } from '@shared/schemas/quotes';

/** What the client's page shows around the quote itself. */
export type QuoteState =
  | { kind: 'open' }
  | {
      kind: 'accepted';
      signatureName: string | null;
      acceptedAt: string | null;
      /** A deposit is due and not yet paid: the page offers to pay it. */
      depositDue: boolean;
      paidAt: string | null;
    }
  | { kind: 'declined' }
  | { kind: 'expired' }
  | { kind: 'withdrawn' }
  | { kind: 'replaced'; replacedByUrl: string | null }
  | { kind: 'unavailable' };

/**
 * The state of a quote for its client: open (Accept and Decline shown) while
 * sent or viewed and `validUntil` (the last day, YYYY-MM-DD) is not before
 * `today`; accepted once accepted, paid or converted; else the reason it can no
 * longer be answered. The server decides every transition; this only chooses
 * what to show (an accept the page offered too late is answered 409).
 */
export function quoteState(quote: PublicQuote, today: string): QuoteState {
  switch (quote.status) {
    case 'sent':
    case 'viewed':
      return quote.validUntil < today ? { kind: 'expired' } : { kind: 'open' };
    case 'accepted':
    case 'paid':
    case 'converted':
      return {
        kind: 'accepted',
        signatureName: quote.signatureName,
        acceptedAt: quote.acceptedAt,
        depositDue: quote.status === 'accepted' && quote.totals.deposit !== '0.00',
        paidAt: quote.paidAt,
      };
    case 'declined':
      return { kind: 'declined' };
    case 'expired':
      return { kind: 'expired' };
    case 'withdrawn':
      return { kind: 'withdrawn' };
    case 'superseded':
      return { kind: 'replaced', replacedByUrl: quote.replacedByUrl };
    case 'draft':
      return { kind: 'unavailable' };
  }
}

/** Today as YYYY-MM-DD in the reader's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
