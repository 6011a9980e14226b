import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { MAIL_STATUS_LABELS, mailStatuses, OUTBOX_CURSOR, type MailStatus } from '@shared/schemas/outbox';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { outboxQueryKey, useOutboxPage } from '../api/outbox-page';
import { MailDetail } from './mail-detail';
import { MailList } from './mail-list';

function statusParam(value: string | null): MailStatus | null {
  return mailStatuses.find((status) => status === value) ?? null;
}

/**
 * The staff Outbox: every email the product sends — waiting, sent, retrying,
 * failed with the server's answer, or kept when no SMTP server is set — with
 * each mail's HTML and plain-text parts. The filter, the page and the open
 * mail live in the URL (?status=&before=&mail=), so a view can be shared and
 * the back button works. Needs only the API client and a router: any staff
 * shell can mount it.
 */
export function OutboxScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const cursor = params.get('before');
  const before = cursor && OUTBOX_CURSOR.test(cursor) ? cursor : null;
  const selectedId = params.get('mail');
  const page = useOutboxPage({ status, before });
  const queryClient = useQueryClient();

  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Outbox</h1>
          <p className="mt-1 text-slate-600">Every email the site sends, and what became of it.</p>
        </div>
        <div className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Status
            <Select
              value={status ?? ''}
              onChange={(event) => navigate({ status: event.target.value || null, before: null, mail: null })}
              className="w-56"
            >
              <option value="">All statuses</option>
              {mailStatuses.map((value) => (
                <option key={value} value={value}>
                  {MAIL_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          </label>
          <Button
            variant="outline"
            onClick={() => void queryClient.invalidateQueries({ queryKey: outboxQueryKey })}
            disabled={page.isFetching}
          >
            <RefreshCw className={cn('h-4 w-4', page.isFetching && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </div>

      <Card className="grid min-h-[600px] grid-cols-1 overflow-hidden md:grid-cols-5">
        <div
          className={cn(
            'min-h-0 flex-col border-slate-200 md:col-span-2 md:flex md:border-r',
            selectedId ? 'hidden' : 'flex',
          )}
        >
          {page.isPending ? (
            <Spinner className="py-12" label="Loading mails" />
          ) : page.isError ? (
            <div className="flex flex-col items-center gap-3 p-6 text-center text-sm text-slate-700">
              <p>The outbox could not be loaded.</p>
              <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
                Retry
              </Button>
            </div>
          ) : page.data.mails.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">
              {status ? `No mails with the status "${MAIL_STATUS_LABELS[status]}".` : 'No mails yet.'}
            </p>
          ) : (
            <>
              <MailList mails={page.data.mails} selectedId={selectedId} onSelect={(id) => navigate({ mail: id })} />
              <nav aria-label="Pages" className="mt-auto flex justify-between gap-2 border-t border-slate-200 p-2">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!before}
                  onClick={() => navigate({ before: null, mail: null })}
                >
                  Newest
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!page.data.nextCursor}
                  onClick={() => navigate({ before: page.data.nextCursor, mail: null })}
                >
                  Older mails
                </Button>
              </nav>
            </>
          )}
        </div>
        <div className={cn('min-h-0 md:col-span-3 md:block', selectedId ? 'block' : 'hidden')}>
          {selectedId ? (
            <MailDetail id={selectedId} onBack={() => navigate({ mail: null })} />
          ) : (
            <p className="p-6 text-center text-sm text-slate-600">Choose a mail to see it.</p>
          )}
        </div>
      </Card>
    </div>
  );
}
