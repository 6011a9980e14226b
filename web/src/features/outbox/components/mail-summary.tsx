import type { OutboxMailSummary } from '@shared/schemas/outbox';
import { formatDateTime } from '@/lib/format';
import { MailStatusBadge } from './mail-status-badge';

/** One mail in the Outbox's list: subject, status, recipient, when, attempts and the last error. */
export function MailSummary({ mail }: { mail: OutboxMailSummary }) {
  return (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="truncate font-semibold text-slate-900">{mail.subject ?? mail.template}</span>
        <MailStatusBadge status={mail.status} />
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
