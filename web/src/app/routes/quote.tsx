import { useParams } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { Spinner } from '@/components/ui/spinner';
import { NoQuoteToken, QuotePage } from '@/features/quotes/components/quote-page';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * /quotes/:token — a client's quote, no account needed. The server sends the
 * one prerendered /quotes page for every token (shared/src/site/routes.ts,
 * `tokens`), so the token is read only once hydrated: the first render matches
 * that HTML whatever the token.
 */
export function Component() {
  const { token = '' } = useParams();
  const hydrated = useHydrated();
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Your Quote</h1>
      {!hydrated ? (
        <Spinner className="py-16" label="Loading the quote" />
      ) : token ? (
        <QuotePage key={token} token={token} />
      ) : (
        <NoQuoteToken />
      )}
    </PageContainer>
  );
}
