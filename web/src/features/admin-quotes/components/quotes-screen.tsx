import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@shared/money';
import { quoteStatuses } from '@shared/schemas/quotes';
import { formatDay, QUOTE_STATUS_LABELS, quoteReference } from '@/components/commerce/quote-document';
import {
  ConsoleList,
  ListFilters,
  newestOlderPager,
  SearchField,
  SelectFilter,
  useListParams,
} from '@/components/console/console-list';
import { ButtonLink } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAdminQuotes } from '../api/admin-quotes';
import { quoteStatusParam, readQuoteListParams } from './quote-list-params';
import { QuoteStatusBadge } from './quote-status-badge';

const COLUMNS = [
  { label: 'Quote' },
  { label: 'Customer' },
  { label: 'Title' },
  { label: 'One-time', align: 'right' },
  { label: 'Monthly', align: 'right' },
  { label: 'Valid until' },
  { label: 'Status' },
] as const;

/**
 * The staff Quotes list: search (number, customer, title), a status filter,
 * newest first, further pages by cursor. Filters and the cursor live in the
 * URL, so a view can be shared and Back works.
 */
export function QuotesScreen() {
  const [params, navigate] = useListParams();
  const request = readQuoteListParams(params);
  const [draft, setDraft] = useState({ q: request.q, status: request.status });
  const quotes = useAdminQuotes(request);

  return (
    <ConsoleList
      title="Quotes"
      intro="Newest first. Find a quote by its number, the customer or its title."
      actions={<ButtonLink to="/admin/quotes/new">New Quote</ButtonLink>}
      filters={
        <ListFilters label="Quotes" submitLabel="Apply" onSubmit={() => navigate({ ...draft, cursor: null })}>
          <SearchField
            value={draft.q}
            onChange={(q) => setDraft({ ...draft, q })}
            placeholder="Q-2026-0001, customer or title"
            maxLength={100}
          />
          <SelectFilter
            label="Status"
            value={draft.status}
            onChange={(value) => {
              const status = quoteStatusParam(value);
              setDraft({ ...draft, status });
              navigate({ status, cursor: null });
            }}
            all="All statuses"
            options={quoteStatuses.map((value) => ({ value, label: QUOTE_STATUS_LABELS[value] }))}
            className="w-44"
          />
        </ListFilters>
      }
      query={quotes}
      items={(page) => page.quotes}
      texts={{
        loading: 'Loading quotes',
        error: (error) => errorMessage(error, 'The quotes could not be loaded. Please try again.'),
        empty: 'No quotes match.',
      }}
      pager={(page) => newestOlderPager(navigate, request.cursor || null, page.nextCursor, { older: 'Load more' })}
      view={{
        kind: 'table',
        caption: 'Quotes, newest first',
        columns: COLUMNS,
        cells: (quote) => (
          <>
            <td className="px-4 py-3">
              <Link
                to={`/admin/quotes/${quote.id}`}
                className="whitespace-nowrap font-mono font-semibold text-blue-700 hover:underline"
              >
                {quoteReference(quote)}
              </Link>
            </td>
            <td className="px-4 py-3">
              <span className="block font-medium text-slate-900">{quote.customer.name}</span>
              <span className="block text-slate-600">{quote.customer.company ?? quote.customer.email}</span>
            </td>
            <td className="px-4 py-3 text-slate-700">{quote.title}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right font-semibold text-slate-900">
              {formatPrice(quote.totals.oneTimeTotal)}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-right text-slate-700">
              {quote.totals.recurringMonthly === '0.00' ? '—' : `${formatPrice(quote.totals.recurringMonthly)}/mo`}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDay(quote.validUntil)}</td>
            <td className="px-4 py-3">
              <QuoteStatusBadge status={quote.status} />
            </td>
          </>
        ),
      }}
    />
  );
}
