import { Link } from 'react-router-dom';
import { INBOUND_OUTCOME_LABELS, type InboundEmailView, type ThreadKind } from '@shared/schemas/inbound-email';
import { formatDateTime } from '@/lib/format';
import { useReceivedEmail } from '../api/received-email';

const THREAD_LINKS: Record<ThreadKind, (id: string) => string> = {
  ticket: (id) => `/admin/service-requests?id=${encodeURIComponent(id)}`,
  enquiry: (id) => `/admin/enquiries?id=${encodeURIComponent(id)}`,
  quote: (id) => `/admin/quotes/${encodeURIComponent(id)}`,
};
const THREAD_NAMES: Record<ThreadKind, string> = { ticket: 'service request', enquiry: 'enquiry', quote: 'quote' };

function ThreadLink({ thread }: { thread: { kind: ThreadKind; id: string } }) {
  return <Link to={THREAD_LINKS[thread.kind](thread.id)}>Open the {THREAD_NAMES[thread.kind]}</Link>;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Facts({ email }: { email: InboundEmailView }) {
  const rows: [string, React.ReactNode][] = [
    ['From', `${email.from.name ? `${email.from.name} ` : ''}<${email.from.address}>`],
    ['To', email.to.join(', ') || '—'],
    ['Received', `${formatDateTime(email.receivedAt)} (${email.source === 'smtp' ? 'SMTP' : 'provider webhook'})`],
    ['What became of it', INBOUND_OUTCOME_LABELS[email.outcome]],
  ];
  if (email.thread) rows.push(['Thread', <ThreadLink key="thread" thread={email.thread} />]);
  if (email.linkedThread)
    rows.push(['Answers an earlier thread', <ThreadLink key="linked" thread={email.linkedThread} />]);
  if (email.differentAddress)
    rows.push(['Note', 'From a different address than the one the reply address was sent to']);
  if (email.automatic.length > 0) rows.push(['Automatic mail', email.automatic.join('; ')]);
  if (email.bounce) rows.push(['Bounce', email.bounce.reason]);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One received email for staff (/admin/inbound-emails/:id): what it was, where it went, and the whole message. */
export function ReceivedEmailScreen({ id }: { id: string }) {
  const { data: email, error, isPending } = useReceivedEmail(id);
  if (isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (error || !email) return <p role="alert">This email could not be loaded.</p>;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">{email.subject || '(no subject)'}</h1>
      <Facts email={email} />
      <section aria-labelledby="received-text">
        <h2 id="received-text" className="mb-2 text-lg font-semibold">
          Text
        </h2>
        <p className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-3 text-sm">
          {email.text || '(no text)'}
        </p>
      </section>
      {email.attachments.length > 0 ? (
        <section aria-labelledby="received-files">
          <h2 id="received-files" className="mb-2 text-lg font-semibold">
            Attachments
          </h2>
          <ul className="list-disc pl-6 text-sm">
            {email.attachments.map((file, index) => (
              <li key={`${file.filename}-${index}`}>
                {file.filename} · {file.contentType} · {size(file.size)}
                {file.refused ? ` · not stored (${file.refused}): only in the raw message` : ''}
              </li>
            ))}
          </ul>
          {email.files.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Stored files">
              {email.files.map((file) => (
                <li key={file.id}>
                  <a className="text-blue-700 underline" href={file.url} download>
                    Download {file.filename}
                  </a>{' '}
                  ({size(file.size)})
                </li>
              ))}
            </ul>
          ) : email.outcome === 'ticket_reply' ? (
            <p className="mt-2 text-sm text-slate-600">The stored files are on the reply in the service request.</p>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="received-raw">
        <h2 id="received-raw" className="mb-2 text-lg font-semibold">
          Raw message{email.rawTruncated ? ' (its first megabyte)' : ''}
        </h2>
        <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded border border-slate-200 bg-slate-50 p-3 text-xs">
          {email.rawText}
        </pre>
      </section>
    </div>
  );
}
