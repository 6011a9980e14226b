import { Download } from 'lucide-react';
import type { Quote } from '@shared/schemas/quotes';
import { quoteReference } from '@/components/commerce/quote-document';
import { Button } from '@/components/ui/button';
import { adminQuotePdfPath, type QuoteAction } from '../api/admin-quotes';

const CONFIRM: Partial<Record<QuoteAction, string>> = {
  withdraw: 'Withdraw this quote? The client can no longer accept it.',
  revise: 'Make a new version? This one will show the client that it was replaced once the new one is sent.',
};

function actionsFor(quote: Quote): QuoteAction[] {
  switch (quote.status) {
    case 'draft':
      return ['send', 'withdraw'];
    case 'sent':
    case 'viewed':
      return ['revise', 'withdraw'];
    default:
      return [];
  }
}

const ACTION_LABELS: Record<QuoteAction, string> = { send: 'Send to Client', revise: 'Revise', withdraw: 'Withdraw' };

/** A quote's next steps for its status (the ones that cannot be undone asked first), Edit for a draft, its PDF. */
export function QuoteActions({
  quote,
  editing,
  pending,
  onEdit,
  onAction,
}: {
  quote: Quote;
  editing: boolean;
  pending: boolean;
  onEdit(): void;
  onAction(action: QuoteAction): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quote actions">
      {quote.status === 'draft' && !editing ? (
        <Button type="button" variant="outline" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {editing
        ? null
        : actionsFor(quote).map((next) => (
            <Button
              key={next}
              type="button"
              variant={next === 'withdraw' ? 'ghost' : next === 'send' ? 'primary' : 'outline'}
              disabled={pending}
              onClick={() => {
                const question = CONFIRM[next];
                if (question && !window.confirm(question)) return;
                onAction(next);
              }}
            >
              {ACTION_LABELS[next]}
            </Button>
          ))}
      <a
        className="inline-flex items-center gap-1 text-sm font-semibold text-blue-800 underline underline-offset-2"
        // A relative API link, like the invoice PDFs: the desktop console carries it out with its bearer session.
        href={adminQuotePdfPath(quote.id)}
        download={`quote-${quoteReference(quote)}.pdf`}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Download PDF
      </a>
    </div>
  );
}
