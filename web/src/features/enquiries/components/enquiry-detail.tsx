import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ENQUIRY_STATUS_LABELS } from '@shared/schemas/enquiries';
import { TICKET_REPLY_MAX } from '@shared/tickets';
import { MakeQuoteLink } from '@/components/console/make-quote-link';
import { CannedReplyTextarea } from '@/features/canned-replies/components/canned-reply-textarea';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useConvertEnquiry, useReplyToEnquiry, useSetEnquiryStatus } from '../api/enquiry-actions';
import { useEnquiry } from '../api/enquiry-detail';
import { formatDateTime } from '@/lib/format';

/** One enquiry: what was sent, the replies, a reply box (emailed), convert and close. Text is shown as typed. */
export function EnquiryDetailPanel({ id }: { id: string }) {
  const enquiry = useEnquiry(id);
  const reply = useReplyToEnquiry(id);
  const convert = useConvertEnquiry(id);
  const setStatus = useSetEnquiryStatus(id);
  const [message, setMessage] = useState('');

  if (enquiry.isPending) return <Spinner className="py-12" label="Loading the enquiry" />;
  if (enquiry.isError)
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        The enquiry could not be loaded.
      </p>
    );
  const data = enquiry.data;
  const failure = reply.error ?? convert.error ?? setStatus.error;

  return (
    <article className="flex flex-col gap-4 p-6" aria-label={`Enquiry from ${data.name}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-navy-900">{data.name}</h2>
          <p className="text-sm text-slate-600">
            <a className="text-blue-700 underline" href={`mailto:${data.email}`}>
              {data.email}
            </a>
            {data.phone ? ` · ${data.phone}` : ''}
            {data.company ? ` · ${data.company}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {data.service} · {formatDateTime(data.createdAt)}
          </p>
        </div>
        <Badge variant={data.status === 'new' ? 'warning' : data.status === 'replied' ? 'success' : 'neutral'}>
          {ENQUIRY_STATUS_LABELS[data.status]}
        </Badge>
      </header>
      <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-900">
        {data.message}
      </p>
      <div className="flex flex-wrap gap-2 text-sm">
        {data.clientId ? (
          <Link className="font-semibold text-blue-700 underline" to={`/admin/customers/${data.clientId}`}>
            Client account
          </Link>
        ) : null}
        {data.serviceRequestId ? (
          <Link
            className="font-semibold text-blue-700 underline"
            to={`/admin/service-requests?id=${data.serviceRequestId}`}
          >
            Open its service request
          </Link>
        ) : null}
        {data.receivedEmail?.inboundEmailId ? (
          <Link
            className="font-semibold text-blue-700 underline"
            to={`/admin/inbound-emails/${data.receivedEmail.inboundEmailId}`}
          >
            The email it came in
          </Link>
        ) : null}
        {data.receivedEmail?.earlierThread ? (
          <Link
            className="font-semibold text-blue-700 underline"
            to={
              data.receivedEmail.earlierThread.kind === 'ticket'
                ? `/admin/service-requests?id=${data.receivedEmail.earlierThread.id}`
                : data.receivedEmail.earlierThread.kind === 'enquiry'
                  ? `/admin/enquiries?id=${data.receivedEmail.earlierThread.id}`
                  : `/admin/quotes/${data.receivedEmail.earlierThread.id}`
            }
          >
            The earlier{' '}
            {data.receivedEmail.earlierThread.kind === 'ticket'
              ? 'service request'
              : data.receivedEmail.earlierThread.kind}{' '}
            it answers
          </Link>
        ) : null}
      </div>
      {data.replies.length > 0 ? (
        <ol className="flex flex-col gap-2" aria-label="Replies">
          {data.replies.map((r) => (
            <li
              key={r.id}
              className={`rounded-lg border p-3 text-sm ${r.fromClient ? 'border-slate-200 bg-white' : 'border-blue-200 bg-blue-50'}`}
            >
              <p className="mb-1 text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{r.authorName}</span>{' '}
                {r.fromClient ? 'replied by email' : 'emailed'} · {formatDateTime(r.createdAt)}
                {r.email?.differentAddress ? (
                  <span className="font-semibold text-amber-900">
                    {' '}
                    · from a different address ({r.email.differentAddress})
                  </span>
                ) : null}
                {r.email?.inboundEmailId ? (
                  <>
                    {' · '}
                    <Link className="text-blue-700 underline" to={`/admin/inbound-emails/${r.email.inboundEmailId}`}>
                      View email
                    </Link>
                  </>
                ) : null}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{r.message}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {failure ? <FormAlert>{errorMessage(failure, 'That did not work. Please try again.')}</FormAlert> : null}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (message.trim()) reply.mutate(message, { onSuccess: () => setMessage('') });
        }}
      >
        <Label htmlFor={`reply-${id}`}>Reply by email to {data.email}</Label>
        <CannedReplyTextarea
          id={`reply-${id}`}
          rows={5}
          maxLength={TICKET_REPLY_MAX}
          value={message}
          onValueChange={setMessage}
          context={{ enquiryId: id }}
          required
        />
        <div className="flex flex-wrap justify-between gap-2">
          <div className="flex flex-wrap gap-2">
            {!data.serviceRequestId ? (
              <Button type="button" variant="outline" disabled={convert.isPending} onClick={() => convert.mutate()}>
                Convert to Service Request
              </Button>
            ) : null}
            <MakeQuoteLink
              prefill={{
                userId: data.clientId,
                name: data.name,
                email: data.email,
                company: data.company,
                source: { enquiryId: data.id },
              }}
            />
            <Button
              type="button"
              variant="ghost"
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate(data.status === 'closed' ? 'new' : 'closed')}
            >
              {data.status === 'closed' ? 'Reopen' : 'Close'}
            </Button>
          </div>
          <Button type="submit" disabled={reply.isPending || !message.trim()}>
            {reply.isPending ? 'Sending...' : 'Send Reply'}
          </Button>
        </div>
      </form>
    </article>
  );
}
