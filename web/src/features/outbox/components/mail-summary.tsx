import type { OutboxMailSummary } from '@shared/schemas/outbox';
import { formatDateTime } from '@/lib/format';
import { MailStatusBadge } from './mail-status-badge';

/** One mail in the Outbox's list: subject, status, recipient, when, attempts and the last error. */
export function MailSummary({ mail }: { mail: OutboxMailSummary }) {
  return (
    <>
      {/* The whole subject, wrapped: cut short, "…plan is active" and "…plan is cancelled" looked alike (issue 29). */}
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 break-words font-semibold text-slate-900" data-testid="mail-subject">
          {mail.subject ?? mail.template}
        </span>
        <span className="shrink-0">
          <MailStatusBadge status={mail.status} />
        </span>
      </span>
      <span className="truncate text-sm text-slate-600">{mail.to}</span>
      <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
        {mail.attempts > 1 ? <span>{mail.attempts} attempts</span> : null}
      </span>
      {mail.lastError && mail.status !== 'sent' ? (
        <span className="truncate font-mono text-xs text-red-800">{mail.lastError}</span>
      ) : null}
    </>
  );
}
