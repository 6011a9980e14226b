import type { OutboxMailSummary } from '@shared/schemas/outbox';
import { cn } from '@/lib/cn';
import { formatMailTime } from './format-mail-time';
import { MailStatusBadge } from './mail-status-badge';

/** The mails of one page; the selected one highlighted. */
export function MailList({
  mails,
  selectedId,
  onSelect,
}: {
  mails: OutboxMailSummary[];
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <ul aria-label="Mails" className="divide-y divide-slate-200">
      {mails.map((mail) => {
        const selected = mail.id === selectedId;
        return (
          <li key={mail.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(mail.id)}
              className={cn(
                'flex w-full cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-offset-[-2px]',
                selected && 'bg-blue-50 hover:bg-blue-50',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold text-slate-900">{mail.subject ?? mail.template}</span>
                <MailStatusBadge status={mail.status} />
              </span>
              <span className="truncate text-sm text-slate-600">{mail.to}</span>
              <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                <time dateTime={mail.createdAt}>{formatMailTime(mail.createdAt)}</time>
                {mail.attempts > 1 ? <span>{mail.attempts} attempts</span> : null}
              </span>
              {mail.lastError && mail.status !== 'sent' ? (
                <span className="truncate font-mono text-xs text-red-800">{mail.lastError}</span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
