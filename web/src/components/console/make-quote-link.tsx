import { FileText } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { newQuoteUrl, type QuotePrefill } from '@/lib/quote-prefill';

/** "Make a quote": opens the quote builder with this customer and where the request came from. */
export function MakeQuoteLink({ prefill }: { prefill: QuotePrefill }) {
  return (
    <ButtonLink to={newQuoteUrl(prefill)} variant="outline" size="sm">
      <FileText className="h-4 w-4" aria-hidden="true" />
      Make a Quote
    </ButtonLink>
  );
}
