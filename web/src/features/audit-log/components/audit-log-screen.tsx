import { useState } from 'react';
import { Download } from 'lucide-react';
import type { AuditLogEntry } from '@shared/schemas/audit-log';
import { FilterField, ListFilters, useListParams } from '@/components/console/console-list';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { auditLogCsvPath, loadedEntries, useAuditLog } from '../api/audit-log';
import { AuditEntryChange } from './audit-entry-change';
import { readAuditLogParams } from './audit-log-params';

/** The action families recorded today, offered as the action filter's suggestions (a prefix matches them all). */
const ACTION_SUGGESTIONS = [
  'refund.',
  'order.',
  'product.',
  'catalogue.',
  'customer.',
  'enquiry.',
  'service_request.',
  'user.',
  'plan.',
  'staff.',
  'login.',
];

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  const { actor, record } = entry;
  return (
    <tr className="align-top">
      <td className="px-3 py-3 sm:px-4">
        <time dateTime={entry.at} className="block whitespace-nowrap text-slate-700">
          {formatWhen(entry.at)}
        </time>
        <span className="block font-medium text-slate-900">{actor.name ?? 'unknown'}</span>
        <span className="block text-xs text-slate-600">
          {actor.role ?? 'no role'}
          {entry.ip ? ` · ${entry.ip}` : ''}
        </span>
      </td>
      <td className="px-3 py-3 sm:px-4">
        <span className="block font-mono text-xs font-semibold text-navy-900">{entry.action}</span>
        {record.type ? (
          <span className="block break-all text-xs text-slate-600">
            {record.type}
            {record.id ? ` ${record.id}` : ''}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-3 text-sm sm:px-4">
        <AuditEntryChange before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}

/**
 * The audit log for admins: who did what, when, from where, to which record, and what changed — newest first,
 * filtered by actor, action (exact, or a prefix like `refund.`) and dates, a page at a time ("Load more"). The
 * filters live in the URL; "Export CSV" downloads every entry under the same filters.
 */
export function AuditLogScreen() {
  const [params, navigate] = useListParams();
  const filters = readAuditLogParams(params);
  const [draft, setDraft] = useState(filters);
  const log = useAuditLog(filters);
  const entries = loadedEntries(log.data);

  let body;
  if (log.isPending) {
    body = <Spinner label="Loading the audit log" className="py-12" />;
  } else if (log.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm text-red-700">
        <p>{errorMessage(log.error, 'The audit log could not be loaded. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (entries.length === 0) {
    body = <p className="p-6 text-center text-sm text-slate-600">No entries match.</p>;
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <colgroup>
              <col className="w-[36%] sm:w-56" />
              <col className="w-[28%] sm:w-64" />
              <col />
            </colgroup>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  When and who
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Action
                </th>
                <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  Change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 p-3">
          <p role="status" className="text-sm text-slate-600">
            {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown
            {log.hasNextPage ? '' : ' (all)'}
          </p>
          {log.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Audit log</h1>
          <p className="mt-1 text-slate-600">
            Who changed money, access or what the public sees, newest first. Entries can never be edited or deleted.
          </p>
        </div>
        <a href={auditLogCsvPath(filters)} download="audit-log.csv" className={buttonClasses('outline')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <ListFilters label="Audit log" submitLabel="Apply" onSubmit={() => navigate({ ...draft })}>
        <FilterField label="Actor">
          <Input
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
            placeholder="Username or cli"
            maxLength={100}
            className="w-44"
          />
        </FilterField>
        <FilterField label="Action">
          <Input
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            placeholder="refund. or product.updated"
            list="audit-log-actions"
            maxLength={100}
            className="w-56"
          />
          <datalist id="audit-log-actions">
            {ACTION_SUGGESTIONS.map((action) => (
              <option key={action} value={action} />
            ))}
          </datalist>
        </FilterField>
        <FilterField label="From">
          <Input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FilterField>
        <FilterField label="To">
          <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </FilterField>
      </ListFilters>
      <Card className="flex flex-col overflow-hidden">{body}</Card>
    </div>
  );
}
