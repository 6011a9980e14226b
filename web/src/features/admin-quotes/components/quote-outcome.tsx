import { Link } from 'react-router-dom';
import type { Quote } from '@shared/schemas/quotes';

/** What an accepted quote became: its deposit and project ticket, its order, its plan and subscription. */
export function QuoteOutcome({ quote }: { quote: Quote }) {
  return (
    <>
      {quote.projectId ? (
        <p className="text-sm text-slate-700">
          {quote.paidAt
            ? `Deposit paid ${new Date(quote.paidAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}. `
            : ''}
          The quote became its project:{' '}
          <Link className="font-semibold text-blue-700 underline" to={`/admin/service-requests?id=${quote.projectId}`}>
            Open the project ticket
          </Link>
        </p>
      ) : null}
      {quote.order || quote.plan ? (
        <ul aria-label="What the quote became" className="flex flex-col gap-1 text-sm text-slate-700">
          {quote.order ? (
            <li>
              Products:{' '}
              <Link className="font-semibold text-blue-700 underline" to={`/admin/orders/${quote.order.id}`}>
                Order {quote.order.number}
              </Link>
            </li>
          ) : null}
          {quote.plan ? (
            <li>
              Monthly services: plan <strong>{quote.plan.name}</strong>
              {quote.clientUserId ? (
                <>
                  {' '}
                  (
                  <Link className="font-semibold text-blue-700 underline" to={`/admin/customers/${quote.clientUserId}`}>
                    the client and their subscription
                  </Link>
                  )
                </>
              ) : null}{' '}
              —{' '}
              {quote.plan.awaitingFirstPayment
                ? 'started, waiting for the first month to be paid from the portal'
                : quote.plan.subscriptionStarted
                  ? 'subscription started'
                  : 'subscription not started yet (retried automatically)'}
            </li>
          ) : null}
        </ul>
      ) : null}
    </>
  );
}
