import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { serviceOptions } from '@shared/contact';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses, type EnquiryStatus } from '@shared/schemas/enquiries';
import { KEYSET_CURSOR } from '@shared/schemas/service-requests';
import { useStaffEvents } from '@/features/chat/staff-events';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { enquiriesQueryKey, useEnquiryList } from '../api/enquiry-list';
import { EnquiryDetailPanel } from './enquiry-detail';

const statusParam = (value: string | null): EnquiryStatus | null =>
  enquiryStatuses.find((status) => status === value) ?? null;

/**
 * The enquiries inbox (/admin/enquiries): every contact enquiry, newest first,
 * filtered by status and service, searched; the open one beside the list. The
 * filters, the page and the open enquiry live in the URL. New and changed
 * enquiries appear live.
 */
export function EnquiriesScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const service = serviceOptions.find((option) => option === params.get('service')) ?? null;
  const q = params.get('q') ?? '';
  const rawCursor = params.get('cursor');
  const cursor = rawCursor && KEYSET_CURSOR.test(rawCursor) ? rawCursor : null;
  const selectedId = params.get('id');
  const [search, setSearch] = useState(q);
  const list = useEnquiryList({ q, status, service, cursor });
  const queryClient = useQueryClient();
  useStaffEvents(['enquiry.created', 'enquiry.updated'], () => {
    void queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });
  });

  const navigate = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Enquiries</h1>
        <p className="mt-1 text-slate-600">
          Messages from the contact form: answer them by email, or turn them into requests.
        </p>
      </div>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          navigate({ q: search.trim() || null, cursor: null });
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, email, words…"
            className="w-64"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Status
          <Select value={status ?? ''} onChange={(e) => navigate({ status: e.target.value, cursor: null })}>
            <option value="">All statuses</option>
            {enquiryStatuses.map((value) => (
              <option key={value} value={value}>
                {ENQUIRY_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Service
          <Select value={service ?? ''} onChange={(e) => navigate({ service: e.target.value, cursor: null })}>
            <option value="">All services</option>
            {serviceOptions.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      <Card className="grid min-h-[560px] grid-cols-1 overflow-hidden md:grid-cols-5">
        <div
          className={cn(
            'min-h-0 flex-col border-slate-200 md:col-span-2 md:flex md:border-r',
            selectedId ? 'hidden' : 'flex',
          )}
        >
          {list.isPending ? (
            <Spinner className="py-12" label="Loading enquiries" />
          ) : list.isError ? (
            <p role="alert" className="p-6 text-sm text-red-700">
              The enquiries could not be loaded.
            </p>
          ) : list.data.enquiries.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">No enquiries match.</p>
          ) : (
            <>
              <ul aria-label="Enquiries" className="divide-y divide-slate-200 overflow-y-auto">
                {list.data.enquiries.map((enquiry) => (
                  <li key={enquiry.id}>
                    <button
                      type="button"
                      onClick={() => navigate({ id: enquiry.id })}
                      aria-current={enquiry.id === selectedId ? 'true' : undefined}
                      className={cn(
                        'flex w-full cursor-pointer flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50',
                        enquiry.id === selectedId && 'bg-blue-50',
                      )}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className={cn('text-sm text-slate-900', enquiry.status === 'new' && 'font-semibold')}>
                          {enquiry.name}
                        </span>
                        <Badge variant={enquiry.status === 'new' ? 'warning' : 'neutral'}>
                          {ENQUIRY_STATUS_LABELS[enquiry.status]}
                        </Badge>
                      </span>
                      <span className="text-xs text-slate-600">{enquiry.service}</span>
                      <span className="line-clamp-2 text-xs text-slate-700">{enquiry.preview}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <nav aria-label="Pages" className="mt-auto flex justify-between gap-2 border-t border-slate-200 p-2">
                <Button variant="ghost" size="sm" disabled={!cursor} onClick={() => navigate({ cursor: null })}>
                  Newest
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={!list.data.nextCursor}
                  onClick={() => navigate({ cursor: list.data.nextCursor })}
                >
                  Older
                </Button>
              </nav>
            </>
          )}
        </div>
        <div className={cn('md:col-span-3 md:block', selectedId ? 'block' : 'hidden')}>
          {selectedId ? (
            <>
              <Button variant="ghost" size="sm" className="m-2 md:hidden" onClick={() => navigate({ id: null })}>
                Back to the list
              </Button>
              <EnquiryDetailPanel key={selectedId} id={selectedId} />
            </>
          ) : (
            <p className="p-6 text-sm text-slate-600">Choose an enquiry to read it.</p>
          )}
        </div>
      </Card>
    </div>
  );
}
