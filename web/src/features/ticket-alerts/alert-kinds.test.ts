import { describe, expect, it } from 'vitest';
import { ITEM_ALERTS } from '@shared/alert-kinds';
import { alertFor, TICKET_ALERT_KINDS } from './alert-kinds';

describe('the web console alerts', () => {
  it('are called and open what the desktop notifications are called and open (one definition)', () => {
    for (const kind of TICKET_ALERT_KINDS) {
      const id = 'id with / and ?';
      expect(alertFor({ kind, id })).toEqual({ title: ITEM_ALERTS[kind].title, path: ITEM_ALERTS[kind].path(id) });
    }
    expect(alertFor({ kind: 'enquiry.created', id: 'a b' })?.path).toBe('/admin/enquiries?id=a%20b');
  });

  it('stay quiet for the events they do not alert about', () => {
    expect(alertFor({ kind: 'order.paid', id: 'x' })).toBeNull();
  });
});
