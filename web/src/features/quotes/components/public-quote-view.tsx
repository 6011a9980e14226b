import { CheckCircle2, Download } from 'lucide-react';
import type { PublicQuote } from '@shared/schemas/quotes';
import { QuoteDocument } from '@/components/commerce/quote-document';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { publicQuotePdfPath } from '../api/public-quote';
import { DepositPayment } from './deposit-payment';
import { AcceptQuoteForm, DeclineQuoteForm } from './quote-answer-forms';
import { quoteState, type QuoteState } from './quote-state';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

function StateNotice({ state }: { state: Exclude<QuoteState, { kind: 'open' }> }) {
  const box = 'rounded-lg border p-4 text-sm';
  switch (state.kind) {
    case 'accepted':
      return (
        <div role="status" className={`${box} flex gap-3 border-green-200 bg-green-50 text-green-900`}>
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            <strong>Accepted</strong>
            {state.signatureName ? (
              <>
                {' '}
                — signed by <strong>{state.signatureName}</strong>
              </>
            ) : null}
            {state.acceptedAt ? ` on ${when(state.acceptedAt)}` : ''}.{' '}
            {state.depositDue
              ? 'Pay the deposit below to start the work.'
              : state.paidAt
                ? `Deposit paid on ${when(state.paidAt)}. Thank you: we will be in touch to schedule the work.`
                : 'Thank you: we will be in touch to schedule the work.'}
          </p>
        </div>
      );
    case 'declined':
      return (
        <p role="status" className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
          <strong>You declined this quote.</strong> Thank you for letting us know. If anything changes, reply to our
          email and we will prepare a new one.
        </p>
      );
    case 'expired':
      return (
        <p role="status" className={`${box} border-amber-200 bg-amber-50 text-amber-900`}>
          <strong>This quote has expired.</strong> It can no longer be accepted; contact us and we will send you an
          up-to-date one.
        </p>
      );
    case 'withdrawn':
      return (
        <p role="status" className={`${box} border-amber-200 bg-amber-50 text-amber-900`}>
          <strong>This quote was withdrawn.</strong> It can no longer be accepted. Contact us if you have questions.
        </p>
      );
    case 'replaced':
      return (
        <p role="status" className={`${box} border-blue-200 bg-blue-50 text-blue-900`}>
          <strong>This quote was replaced.</strong>{' '}
          {state.replacedByUrl ? (
            <a className="font-semibold underline" href={state.replacedByUrl}>
              Open the new version
            </a>
          ) : (
            'We will send you the new version shortly.'
          )}
        </p>
      );
    case 'unavailable':
      return (
        <p role="status" className={`${box} border-slate-200 bg-slate-50 text-slate-800`}>
          This quote is not ready yet.
        </p>
      );
  }
}

/**
 * A quote with products or monthly services becomes an order and a subscription in the client's account
 * (decision 201): with no account known for it, the client signs in or creates one first, and comes back here.
 */
function SignInFirst({ token }: { token: string }) {
  const next = encodeURIComponent(`/quotes/${token}`);
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm">
      <p className="text-blue-900">
        <strong>Sign in to accept this quote.</strong> Its products and monthly services are kept in your client
        account: sign in, or create an account, and you will come back to this page to accept it.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={`/login?next=${next}`}>Sign In to Accept</ButtonLink>
        <ButtonLink to={`/signup?next=${next}`} variant="outline">
          Create an Account
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * The client's quote page once loaded: its state (accepted with the
 * signature, declined, expired, withdrawn, replaced), the Download PDF link,
 * the quote itself, and while it is open the Accept and Decline forms.
 */
export function PublicQuoteView({ quote, token, today }: { quote: PublicQuote; token: string; today: string }) {
  const state = quoteState(quote, today);
  return (
    <div className="flex flex-col gap-6">
      {state.kind === 'open' ? null : <StateNotice state={state} />}
      {state.kind === 'accepted' && state.depositDue ? <DepositPayment quote={quote} token={token} /> : null}
      <div className="flex justify-end">
        <a
          className="inline-flex items-center gap-2 text-sm font-semibold text-blue-800 underline underline-offset-2"
          href={publicQuotePdfPath(token)}
          download={`quote-${quote.number}.pdf`}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download PDF
        </a>
      </div>
      <Card>
        <CardContent className="p-5 sm:p-8">
          <QuoteDocument quote={quote} />
        </CardContent>
      </Card>
      {state.kind === 'open' ? (
        <section aria-labelledby="answer-heading" className="flex flex-col gap-4">
          <h2 id="answer-heading" className="text-xl font-semibold text-navy-900">
            Accept this quote
          </h2>
          <Card>
            <CardContent className="flex flex-col gap-6 p-5 sm:p-8">
              {quote.signInRequired ? (
                <SignInFirst token={token} />
              ) : (
                <AcceptQuoteForm token={token} withShipping={quote.lines.some((line) => line.kind === 'product')} />
              )}
              <div className="border-t border-slate-200 pt-4">
                <DeclineQuoteForm token={token} />
              </div>
            </CardContent>
          </Card>
        </section>
      ) : null}
    </div>
  );
}
