import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePublicQuote } from '../api/public-quote';
import { PublicQuoteView } from './public-quote-view';
import { localToday } from './quote-state';

function NotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Quote not found</h2>
      <p className="max-w-md text-slate-600">
        This link does not open a quote. Check that you copied the whole link from our email, or contact us and we will
        send it again.
      </p>
      <ButtonLink to="/contact">Contact Us</ButtonLink>
    </div>
  );
}

/** /quotes/:token once hydrated: the quote the token opens, or a clear not-found. */
export function QuotePage({ token }: { token: string }) {
  const quote = usePublicQuote(token);
  if (quote.isPending) return <Spinner className="py-16" label="Loading the quote" />;
  if (quote.isError) {
    if (quote.error instanceof ApiError && quote.error.status === 404) return <NotFound />;
    return (
      <p role="alert" className="py-16 text-center text-red-700">
        The quote could not be loaded. Please reload the page to try again.
      </p>
    );
  }
  return <PublicQuoteView quote={quote.data} token={token} today={localToday()} />;
}

/** /quotes without a token: where the link is. */
export function NoQuoteToken() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Open your quote from its link</h2>
      <p className="max-w-md text-slate-600">
        Each quote has its own link in the email we sent you. Signed-in clients also find their quotes in the portal.
      </p>
      <ButtonLink to="/portal">Go to Client Portal</ButtonLink>
    </div>
  );
}
