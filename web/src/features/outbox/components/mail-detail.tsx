import { ArrowLeft, Paperclip } from 'lucide-react';
import type { OutboxAttachment } from '@shared/schemas/outbox';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOutboxMail } from '../api/outbox-mail';
import { formatDateTime } from '@/lib/format';
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

function fileSize(bytes: number | null): string {
  if (bytes === null) return 'made when the mail is sent';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The files sent with a mail, each a download. */
function Attachments({ mailId, files }: { mailId: string; files: OutboxAttachment[] }) {
  return (
    <ul aria-label="Attachments" className="flex flex-col gap-1">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-2">
          <Paperclip className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {file.size === null ? (
            <span className="font-medium">{file.filename}</span>
          ) : (
            <a
              className="font-medium text-blue-800 underline underline-offset-2"
              href={`/api/admin/outbox/${encodeURIComponent(mailId)}/attachments/${encodeURIComponent(file.id)}`}
              download={file.filename}
            >
              {file.filename}
            </a>
          )}
          <span className="text-slate-600">
            {file.contentType} · {fileSize(file.size)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Says why a mail's single-use links are hidden (production), or warns that they are live (development). */
function SecretLinksNote({ secretLinks }: { secretLinks: 'hidden' | 'shown' }) {
  return secretLinks === 'hidden' ? (
    <p role="note" className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      This mail carries a single-use link (a password reset or a confirmation) for its recipient only: it is hidden
      here. To help someone who did not receive it, send a new one.
    </p>
  ) : (
    <p role="note" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
      Development only: this mail&apos;s single-use link is live and shown here because the outbox is your mailbox. In
      production it is hidden.
    </p>
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
        <Field label="Queued">{formatDateTime(m.createdAt)}</Field>
        {m.sentAt ? <Field label="Sent">{formatDateTime(m.sentAt)}</Field> : null}
        {m.nextAttemptAt ? <Field label="Next attempt">{formatDateTime(m.nextAttemptAt)}</Field> : null}
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
        {m.attachments.length > 0 ? (
          <Field label="Attachments">
            <Attachments mailId={m.id} files={m.attachments} />
          </Field>
        ) : null}
        <Field label="Event">
          <span className="font-mono text-xs">{m.idempotencyKey}</span>
        </Field>
      </dl>
      {m.secretLinks ? <SecretLinksNote secretLinks={m.secretLinks} /> : null}
      <MailPreview html={m.html} text={m.text} subject={subject} />
    </article>
  );
}
