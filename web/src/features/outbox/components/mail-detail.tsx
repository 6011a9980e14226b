import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOutboxMail } from '../api/outbox-mail';
import { formatMailTime } from './format-mail-time';
import { MailPreview } from './mail-preview';
import { MailStatusBadge } from './mail-status-badge';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** One mail: who it is for, what happened to it, and both parts. */
export function MailDetail({ id, onBack }: { id: string; onBack(): void }) {
  const mail = useOutboxMail(id);
  if (mail.isPending) return <Spinner className="py-24" label="Loading the mail" />;
  if (mail.isError) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-slate-700">
        <p>This mail could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void mail.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const m = mail.data;
  const subject = m.subject ?? `(${m.template}, not rendered yet)`;
  return (
    <article aria-label="Mail" className="flex flex-col gap-4 p-4">
      <Button variant="ghost" size="sm" className="self-start md:hidden" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All mails
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">{subject}</h2>
        <MailStatusBadge status={m.status} />
      </header>
      <dl className="flex flex-col gap-1.5">
        <Field label="To">{m.to}</Field>
        <Field label="From">{m.from}</Field>
        {m.replyTo ? <Field label="Reply-To">{m.replyTo}</Field> : null}
        <Field label="Template">{m.template}</Field>
        <Field label="Queued">{formatMailTime(m.createdAt)}</Field>
        {m.sentAt ? <Field label="Sent">{formatMailTime(m.sentAt)}</Field> : null}
        {m.nextAttemptAt ? <Field label="Next attempt">{formatMailTime(m.nextAttemptAt)}</Field> : null}
        <Field label="Attempts">{m.attempts}</Field>
        {m.lastError ? (
          <Field label={m.status === 'failed' ? 'Reason' : 'Last error'}>
            <span className="font-mono text-red-800">{m.lastError}</span>
          </Field>
        ) : null}
        {m.smtpResponse ? (
          <Field label="Server answer">
            <span className="font-mono">{m.smtpResponse}</span>
          </Field>
        ) : null}
        <Field label="Event">
          <span className="font-mono text-xs">{m.idempotencyKey}</span>
        </Field>
      </dl>
      <MailPreview html={m.html} text={m.text} subject={subject} />
    </article>
  );
}
