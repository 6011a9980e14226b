import { serviceOptions } from '@shared/contact';
import { enquiryKinds, enquiryStatuses } from '@shared/schemas/enquiries';
import { readPageCursor } from '@shared/schemas/page-cursor';
import type { EnquiryListRequest } from '../api/enquiry-list';

/**
 * The enquiries inbox as the URL asks for it (/admin/enquiries?q=&status=&kind=&service=&cursor=&id=). A value edited
 * into the URL that the list cannot ask for is read as no filter.
 */
export function readEnquiryListParams(params: URLSearchParams): EnquiryListRequest & { selectedId: string | null } {
  const cursor = params.get('cursor');
  return {
    q: params.get('q') ?? '',
    status: enquiryStatuses.find((status) => status === params.get('status')) ?? null,
    kind: enquiryKinds.find((kind) => kind === params.get('kind')) ?? null,
    service: serviceOptions.find((option) => option === params.get('service')) ?? null,
    cursor: cursor && readPageCursor(cursor) ? cursor : null,
    selectedId: params.get('id'),
  };
}
