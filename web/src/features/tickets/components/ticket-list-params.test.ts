import { describe, expect, it } from 'vitest';
import { serviceOptions } from '@shared/contact';
import { CONSULTATION_DESCRIPTION } from '@shared/payments';
import { readTicketListParams, ticketServiceFilterOptions } from './ticket-list-params';

const STAFF_ID = '0b9f3c1e-5a43-4c1f-9e1a-2f6c1d2e3a4b';
const CURSOR = `1764150000000.${STAFF_ID}`;

const read = (query: string) => readTicketListParams(new URLSearchParams(query));

describe('the tickets list read from the URL', () => {
  it('is unfiltered with an empty query', () => {
    expect(read('')).toEqual({
      q: '',
      status: null,
      service: null,
      priority: null,
      sort: null,
      assigneeId: null,
      clientId: null,
      from: null,
      to: null,
      sla: null,
      cursor: null,
      selectedId: null,
    });
  });

  it('takes every filter the screen can set', () => {
    const query = new URLSearchParams({
      q: 'printer',
      status: 'waiting_on_client',
      service: serviceOptions[0],
      priority: 'urgent',
      sort: 'priority',
      assigneeId: STAFF_ID,
      clientId: STAFF_ID,
      from: '2026-03-02',
      to: '2026-03-08',
      sla: 'breached',
      cursor: CURSOR,
      id: 'abc',
    });
    expect(readTicketListParams(query)).toEqual({
      q: 'printer',
      status: 'waiting_on_client',
      service: serviceOptions[0],
      priority: 'urgent',
      sort: 'priority',
      assigneeId: STAFF_ID,
      clientId: STAFF_ID,
      from: '2026-03-02',
      to: '2026-03-08',
      sla: 'breached',
      cursor: CURSOR,
      selectedId: 'abc',
    });
    expect(read('assigneeId=none').assigneeId).toBe('none');
    expect(read('sla=at_risk').sla).toBe('at_risk');
    expect(read('sla=late').sla).toBeNull();
  });

  it('reads back every choice of the Service filter, the paid consultation included', () => {
    expect(ticketServiceFilterOptions).toContain(CONSULTATION_DESCRIPTION);
    for (const option of ticketServiceFilterOptions) {
      expect(readTicketListParams(new URLSearchParams({ service: option })).service).toBe(option);
    }
  });

  it('reads a value edited into the URL that the list cannot ask for as no filter', () => {
    const edited = read(
      'status=lost&service=Plumbing&priority=asap&sort=loud&assigneeId=bob&clientId=42&cursor=page-2&from=2026-02-30&to=soon&sla=late',
    );
    expect(edited).toMatchObject({
      status: null,
      service: null,
      priority: null,
      sort: null,
      assigneeId: null,
      clientId: null,
      cursor: null,
      from: null,
      to: null,
      sla: null,
    });
  });
});
