import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { formatDay, QUOTE_STATUS_LABELS, quoteReference } from '@/components/commerce/quote-document';
import { Badge } from '@/components/ui/badge';
import { DataCard, DataRows } from '@/components/ui/data-card';
import { useMyQuotes, type ClientQuote } from '../api/my-quotes';

/** The path of a quote's page from its address (the API gives the full address, as in the email). */
export function quotePagePath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** What an accepted quote became: its order, its plan (with the first month to pay) and its project. */
function QuoteConversionLinks({ quote }: { quote: ClientQuote }) {
  const links = [
    quote.order ? { to: `/order-confirmation?order=${quote.order.id}`, label: `Order ${quote.order.number}` } : null,
    quote.plan
      ? quote.plan.awaitingFirstPayment
        ? { to: `/subscribe?plan=${quote.plan.id}`, label: `Pay the first month of ${quote.plan.name}` }
        : { to: null, label: `Plan: ${quote.plan.name}` }
      : null,
    quote.projectId ? { to: `/portal/request?id=${quote.projectId}`, label: 'Project ticket' } : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <ul aria-label={`What ${quoteReference(quote)} became`} className="flex flex-wrap gap-x-3 text-sm">
      {links.map((link) =>
        link.to ? (
          <li key={link.label}>
            <Link to={link.to} className="font-semibold text-blue-700 hover:underline">
              {link.label}
            </Link>
          </li>
        ) : (
          // The plan's subscription is on the portal's Subscription card.
          <li key={link.label} className="text-slate-700">
            {link.label}
          </li>
        ),
      )}
    </ul>
  );
}

/** The portal's Quotes card: the client's quotes, newest first, each linking to its page. */
export function QuotesCard() {
  return (
    <DataCard
      title="Quotes"
      query={useMyQuotes()}
      what="quotes"
      isEmpty={(answer) => answer.quotes.length === 0}
      empty={{ text: 'No quotes yet', to: '/contact', action: 'Get a Quote' }}
    >
      {(answer) => (
        <DataRows items={answer.quotes.map((quote) => ({ ...quote, id: quote.url }))}>
          {(quote) => (
            <>
              <div className="flex flex-col">
                <Link to={quotePagePath(quote.url)} className="text-sm font-semibold text-blue-700 hover:underline">
                  {quote.title}
                </Link>
                <span className="text-sm text-slate-600">
                  <span className="font-mono">{quoteReference(quote)}</span> · valid until {formatDay(quote.validUntil)}
                </span>
                <QuoteConversionLinks quote={quote} />
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm font-semibold text-slate-900">{formatPrice(quote.totals.oneTimeTotal)}</span>
                <Badge variant="neutral">{QUOTE_STATUS_LABELS[quote.status]}</Badge>
              </div>
            </>
          )}
        </DataRows>
      )}
    </DataCard>
  );
}
