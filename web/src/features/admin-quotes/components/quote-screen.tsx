import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { QuoteDocument, quoteReference } from '@/components/commerce/quote-document';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, serverFileUrl } from '@/lib/api-client';
import { useStaffEvents } from '@/lib/live/staff-events';
import { adminQuotesQueryKey, useAdminQuote, useQuoteAction, type QuoteAction } from '../api/admin-quotes';
import { QuoteActions } from './quote-actions';
import { QuoteBuilder } from './quote-builder';
import { draftFromQuote } from './quote-draft';
import { QuoteOutcome } from './quote-outcome';
import { QuoteStatusBadge } from './quote-status-badge';
import { QuoteTimeline } from './quote-timeline';

/** One quote for staff: the quote as the client sees it, internal notes, timeline, and its next steps. */
export function QuoteScreen({ id }: { id: string }) {
  const quote = useAdminQuote(id);
  const action = useQuoteAction(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  // What the client does meanwhile — opens, accepts, declines, answers by email — shows without a reload.
  useStaffEvents(['quote.viewed', 'quote.accepted', 'quote.declined', 'quote.client_reply'], (event) => {
    if (event === null || event.id === id) void queryClient.invalidateQueries({ queryKey: adminQuotesQueryKey });
  });

  if (quote.isPending) return <Spinner className="py-12" label="Loading the quote" />;
  if (quote.isError)
    return (
      <div role="alert" className="flex flex-col gap-3 p-6 text-sm text-red-700">
        <p>{errorMessage(quote.error, 'The quote could not be loaded.')}</p>
        <Link to="/admin/quotes" className="font-semibold text-blue-700 underline">
          Back to Quotes
        </Link>
      </div>
    );
  const data = quote.data;
  const reference = quoteReference(data);
  const run = (next: QuoteAction) => {
    action.mutate(next, {
      onSuccess: (result) => {
        if (next === 'revise' && result.id !== id) navigate(`/admin/quotes/${result.id}`);
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm">
            <Link to="/admin/quotes" className="font-semibold text-blue-700 underline">
              Quotes
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold text-navy-900">
            <span className="font-mono">{reference}</span>
            <QuoteStatusBadge status={data.status} />
          </h1>
          <p className="mt-1 text-slate-600">
            {data.title} · {data.customer.name} · {data.customer.email}
            {data.customerUserId ? (
              <>
                {' · '}
                <Link className="font-semibold text-blue-700 underline" to={`/admin/customers/${data.customerUserId}`}>
                  Customer page
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <QuoteActions
          quote={data}
          editing={editing}
          pending={action.isPending}
          onEdit={() => setEditing(true)}
          onAction={run}
        />
      </div>
      {action.isError ? (
        <FormAlert>{errorMessage(action.error, 'That did not work. Please try again.')}</FormAlert>
      ) : null}
      <QuoteOutcome quote={data} />
      {data.status !== 'draft' ? (
        <p className="text-sm text-slate-700">
          Client’s link:{' '}
          <a className="break-all font-mono text-blue-700 underline" href={serverFileUrl(data.publicUrl)}>
            {data.publicUrl}
          </a>
        </p>
      ) : null}

      {editing ? (
        <QuoteBuilder initial={draftFromQuote(data)} quote={data} onSaved={() => setEditing(false)} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
          <Card>
            <CardContent className="p-5 sm:p-8">
              <QuoteDocument quote={data} />
            </CardContent>
          </Card>
          <div className="flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Internal notes</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{data.notes || 'None.'}</p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Timeline</CardTitle>
              </CardHeader>
              <CardContent>
                <QuoteTimeline entries={data.timeline} />
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
