import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readQuotePrefill, type QuotePrefill } from '@/lib/quote-prefill';
import { QuoteBuilder } from './quote-builder';
import { emptyDraft, type QuoteDraft } from './quote-draft';

/** A new quote's draft, started from a "Make a quote" link's customer and source when there is one. */
export function draftFromPrefill(prefill: QuotePrefill | null, now = new Date()): QuoteDraft {
  const draft = emptyDraft(now);
  if (!prefill) return draft;
  const customer: QuoteDraft['customer'] = prefill.userId
    ? { kind: 'account', userId: prefill.userId, name: prefill.name ?? '', email: prefill.email ?? null }
    : { kind: 'new', name: prefill.name ?? '', email: prefill.email ?? '', company: prefill.company ?? '' };
  return { ...draft, customer, source: prefill.source };
}

const SOURCE_TEXT = { enquiryId: 'an enquiry', serviceRequestId: 'a service request', conversationId: 'a chat' };

/** /admin/quotes/new: the builder; once created the quote's own page opens. */
export function NewQuoteScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [initial] = useState(() => draftFromPrefill(readQuotePrefill(params)));
  const sourceKey = initial.source ? (Object.keys(initial.source)[0] as keyof typeof SOURCE_TEXT) : null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">New Quote</h1>
        <p className="mt-1 text-slate-600">
          {sourceKey ? `Made from ${SOURCE_TEXT[sourceKey]}. ` : ''}Saved as a draft; send it from its page.
        </p>
      </div>
      <QuoteBuilder initial={initial} onSaved={(quote) => navigate(`/admin/quotes/${quote.id}`)} />
    </div>
  );
}
