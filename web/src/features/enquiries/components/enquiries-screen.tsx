import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serviceOptions } from '@shared/contact';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses } from '@shared/schemas/enquiries';
import { useStaffEvents } from '@/lib/live/staff-events';
import {
  ConsoleList,
  ListFilters,
  newestOlderPager,
  SearchField,
  SelectFilter,
  useListParams,
} from '@/components/console/console-list';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { enquiriesQueryKey, useEnquiryList } from '../api/enquiry-list';
import { EnquiryDetailPanel } from './enquiry-detail';
import { readEnquiryListParams } from './enquiry-list-params';

/**
 * The enquiries inbox (/admin/enquiries): every contact enquiry, newest first,
 * filtered by status and service, searched; the open one beside the list. The
 * filters, the page and the open enquiry live in the URL. New and changed
 * enquiries appear live.
 */
export function EnquiriesScreen() {
  const [params, navigate] = useListParams();
  const { q, status, kind, service, cursor, selectedId } = readEnquiryListParams(params);
  const [search, setSearch] = useState(q);
  const list = useEnquiryList({ q, status, kind, service, cursor });
  const queryClient = useQueryClient();
  useStaffEvents(['enquiry.created', 'enquiry.updated'], () => {
    void queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });
  });

  return (
    <ConsoleList
      title="Enquiries"
      intro="Messages from the contact form: answer them by email, or turn them into requests."
      filters={
        <ListFilters
          label="Enquiries"
          submitLabel="Search"
          onSubmit={() => navigate({ q: search.trim() || null, cursor: null })}
        >
          <SearchField value={search} onChange={setSearch} placeholder="Name, email, words…" />
          <SelectFilter
            label="Status"
            value={status ?? ''}
            onChange={(value) => navigate({ status: value, cursor: null })}
            all="All statuses"
            options={enquiryStatuses.map((value) => ({ value, label: ENQUIRY_STATUS_LABELS[value] }))}
          />
          <SelectFilter
            label="Kind"
            value={kind ?? ''}
            onChange={(value) => navigate({ kind: value, cursor: null })}
            all="Enquiries and quote requests"
            options={[
              { value: 'quote_request', label: 'Quote requests' },
              { value: 'enquiry', label: 'Contact enquiries' },
            ]}
          />
          <SelectFilter
            label="Service"
            value={service ?? ''}
            onChange={(value) => navigate({ service: value, cursor: null })}
            all="All services"
            options={serviceOptions}
          />
        </ListFilters>
      }
      query={list}
      items={(page) => page.enquiries}
      texts={{
        loading: 'Loading enquiries',
        error: 'The enquiries could not be loaded.',
        empty: 'No enquiries match.',
      }}
      pager={(page) => newestOlderPager(navigate, cursor, page.nextCursor)}
      view={{
        kind: 'inbox',
        label: 'Enquiries',
        selectedId,
        onSelect: (id) => navigate({ id }),
        onClose: () => navigate({ id: null }),
        detail: selectedId ? <EnquiryDetailPanel key={selectedId} id={selectedId} /> : null,
        placeholder: 'Choose an enquiry to read it.',
        item: (enquiry) => (
          <>
            <span className="flex items-center justify-between gap-2">
              <span className={cn('text-sm text-slate-900', enquiry.status === 'new' && 'font-semibold')}>
                {enquiry.name}
              </span>
              <Badge variant={enquiry.status === 'new' ? 'warning' : 'neutral'}>
                {ENQUIRY_STATUS_LABELS[enquiry.status]}
              </Badge>
            </span>
            <span className="flex items-center gap-2 text-xs text-slate-600">
              {enquiry.kind === 'quote_request' ? <Badge variant="default">Quote request</Badge> : null}
              {enquiry.service}
            </span>
            <span className="line-clamp-2 text-xs text-slate-700">{enquiry.preview}</span>
          </>
        ),
      }}
    />
  );
}
