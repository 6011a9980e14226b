import { describe, expect, it } from 'vitest';
import { staffRoles } from '@shared/staff-roles';
import { consoleNav, navFor, roleMayOpen } from './nav';

const labels = (role: Parameters<typeof navFor>[0]) => navFor(role).map((entry) => entry.label);

describe('the console navigation by role (decision 167)', () => {
  it('shows each role only the screens it may use', () => {
    expect(labels('admin')).toEqual(consoleNav.map((entry) => entry.label));
    expect(labels('support')).toEqual(['Dashboard', 'Chat', 'Orders', 'Customers', 'Enquiries', 'Service requests']);
    expect(labels('sales')).toEqual(['Dashboard', 'Orders', 'Customers', 'Quotes', 'Enquiries']);
    expect(labels('fulfilment')).toEqual(['Dashboard', 'Orders', 'Catalogue']);
  });

  it('shows nothing without a staff role', () => {
    expect(navFor(null)).toEqual([]);
    expect(consoleNav.some((entry) => roleMayOpen(null, entry))).toBe(false);
  });

  it('gives every role the dashboard, and only admins the outbox', () => {
    for (const role of staffRoles) expect(labels(role)[0]).toBe('Dashboard');
    expect(staffRoles.filter((role) => labels(role).includes('Outbox'))).toEqual(['admin']);
  });
});
