import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { MAIL_STATUS_LABELS, mailStatuses } from '@shared/schemas/outbox';
import { Button } from '@/components/ui/button';
import { ConsoleList, newestOlderPager, SelectFilter, useListParams } from '@/components/console/console-list';
import { cn } from '@/lib/cn';
import { outboxQueryKey, useOutboxPage } from '../api/outbox-page';
import { MailDetail } from './mail-detail';
import { MailSummary } from './mail-summary';
import { readOutboxListParams } from './outbox-list-params';

/**
 * The staff Outbox: every email the product sends — waiting, sent, retrying,
 * failed with the server's answer, or kept when no SMTP server is set — with
 * each mail's HTML and plain-text parts. The filter, the page and the open
 * mail live in the URL (?status=&before=&mail=), so a view can be shared and
 * the back button works. Needs only the API client and a router: any staff
 * shell can mount it.
 */
export function OutboxScreen() {
  const [params, navigate] = useListParams();
  const { status, before, selectedId } = readOutboxListParams(params);
  const page = useOutboxPage({ status, before });
  const queryClient = useQueryClient();

  return (
    <ConsoleList
      title="Outbox"
      intro="Every email the site sends, and what became of it."
      actions={
        <div className="flex items-end gap-2">
          <SelectFilter
            label="Status"
            value={status ?? ''}
            onChange={(value) => navigate({ status: value, before: null, mail: null })}
            all="All statuses"
            options={mailStatuses.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }))}
            className="w-56"
          />
          <Button
            variant="outline"
            onClick={() => void queryClient.invalidateQueries({ queryKey: outboxQueryKey })}
            disabled={page.isFetching}
          >
            <RefreshCw className={cn('h-4 w-4', page.isFetching && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        </div>
      }
      query={page}
      items={(data) => data.mails}
      texts={{
        loading: 'Loading mails',
        error: 'The outbox could not be loaded.',
        empty: status ? `No mails with the status "${MAIL_STATUS_LABELS[status]}".` : 'No mails yet.',
      }}
      pager={(data) =>
        newestOlderPager(navigate, before, data.nextCursor, {
          key: 'before',
          older: 'Older mails',
          alsoClear: ['mail'],
        })
      }
      view={{
        kind: 'inbox',
        label: 'Mails',
        selectedId,
        onSelect: (id) => navigate({ mail: id }),
        detail: selectedId ? <MailDetail id={selectedId} onBack={() => navigate({ mail: null })} /> : null,
        placeholder: 'Choose a mail to see it.',
        item: (mail) => <MailSummary mail={mail} />,
      }}
    />
  );
}
