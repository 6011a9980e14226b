import { describe, expect, it } from 'vitest';
import { company } from '@shared/site/company';
import { documentTitle, findSiteRoute } from '@shared/site/routes';
import { roleMay, staffRoles } from '@shared/staff-roles';
import { dashboardTiles } from './components/dashboard';
import { consoleNav, navBadgesFrom, slaBadgeFrom, navFor, roleMayOpen } from './nav';

const labels = (role: Parameters<typeof navFor>[0]) => navFor(role).map((entry) => entry.label);

describe('the console navigation by role (decision 167)', () => {
  it('shows each role only the screens it may use', () => {
    expect(labels('admin')).toEqual(consoleNav.map((entry) => entry.label));
    expect(labels('support')).toEqual([
      'Dashboard',
      'Chat',
      'Orders',
      'Customers',
      'Enquiries',
      'Service requests',
      'Reports',
      'Canned replies',
    ]);
    expect(labels('sales')).toEqual([
      'Dashboard',
      'Orders',
      'Customers',
      'Quotes',
      'Enquiries',
      'Reports',
      'Canned replies',
    ]);
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

  it('gives the support desk settings screens to the roles with the settings permission: admins', () => {
    for (const label of ['Business hours', 'Support settings', 'Service levels']) {
      expect(consoleNav.find((entry) => entry.label === label)).toMatchObject({ permission: 'settings' });
      expect(staffRoles.filter((role) => labels(role).includes(label))).toEqual(['admin']);
    }
    expect(documentTitle(findSiteRoute('/admin/settings/support')!, company.name)).toBe(
      'Support Settings — Northstar IT Console',
    );
    expect(documentTitle(findSiteRoute('/admin/settings/service-levels')!, company.name)).toBe(
      'Service Levels — Northstar IT Console',
    );
  });

  it('puts seeding under Maintenance for the roles that may seed, not on the Dashboard (issue 29)', () => {
    const maintenance = consoleNav.find((entry) => entry.label === 'Maintenance');
    expect(maintenance).toMatchObject({ to: '/admin/maintenance', permission: 'seeding' });
    expect(staffRoles.filter((role) => labels(role).includes('Maintenance'))).toEqual(
      staffRoles.filter((role) => roleMay(role, 'seeding')),
    );
    expect(documentTitle(findSiteRoute('/admin/maintenance')!, company.name)).toBe(
      'Maintenance — Northstar IT Console',
    );
  });
});

describe('the navigation badges (issue 29)', () => {
  it('shows each waiting count above zero beside the screen its dashboard card opens', () => {
    expect(navBadgesFrom({ ordersToFulfil: 0, waitingChats: 2, newEnquiries: 3, newServiceRequests: 1 })).toEqual({
      '/admin/chat': { count: 2, label: 'waiting' },
      '/admin/enquiries': { count: 3, label: 'new' },
      '/admin/service-requests': { count: 1, label: 'unassigned' },
    });
    // New quote requests are some of the new enquiries: the Enquiries badge already counts them.
    for (const tile of dashboardTiles.filter((tile) => tile.key !== 'newQuoteRequests')) {
      // The service-level cards have the console's own service-level badge, which opens the card's list.
      if (tile.key === 'ticketsAtRisk' || tile.key === 'ticketsBreached') {
        expect(slaBadgeFrom({ [tile.key]: 5 })?.to).toBe(tile.to);
        continue;
      }
      // The chats' service-level cards open the chat list, whose badge already counts the waiting chats; the
      // service-level badge counts them too and opens the card's list.
      if (tile.key === 'chatsAtRisk' || tile.key === 'chatsBreached') {
        expect(navBadgesFrom({ [tile.key]: 5 })).toEqual({});
        expect(new URL(tile.to, 'http://x').pathname).toBe('/admin/chat');
        expect(slaBadgeFrom({ [tile.key]: 5 })?.to).toBe(tile.to);
        continue;
      }
      const badged = navBadgesFrom({ [tile.key]: 5 });
      expect(Object.keys(badged)).toEqual([new URL(tile.to, 'http://x').pathname]);
    }
  });

  it('shows a service-level badge for open breaches first, then for requests at risk (decision 192)', () => {
    expect(slaBadgeFrom({ ticketsAtRisk: 0, ticketsBreached: 0 })).toBeNull();
    expect(slaBadgeFrom(undefined)).toBeNull();
    expect(slaBadgeFrom({ ticketsAtRisk: 2, ticketsBreached: 0 })).toEqual({
      to: '/admin/service-requests?sla=at_risk',
      text: 'Service levels: 2 at risk',
      tone: 'at_risk',
    });
    expect(slaBadgeFrom({ ticketsAtRisk: 2, ticketsBreached: 1 })).toEqual({
      to: '/admin/service-requests?sla=breached',
      text: 'Service levels: 1 breached, 2 at risk',
      tone: 'breached',
    });
  });

  it('counts chats at risk and breached in the service-level badge, opening the chats when only they need it', () => {
    expect(slaBadgeFrom({ ticketsAtRisk: 0, ticketsBreached: 0, chatsAtRisk: 0, chatsBreached: 0 })).toBeNull();
    expect(slaBadgeFrom({ chatsAtRisk: 3 })).toEqual({
      to: '/admin/chat?sla=at_risk',
      text: 'Service levels: 3 at risk',
      tone: 'at_risk',
    });
    // A breached chat comes before tickets at risk.
    expect(slaBadgeFrom({ ticketsAtRisk: 2, chatsBreached: 1, chatsAtRisk: 1 })).toEqual({
      to: '/admin/chat?sla=breached',
      text: 'Service levels: 1 breached, 3 at risk',
      tone: 'breached',
    });
    // Breached tickets come first; the text counts both.
    expect(slaBadgeFrom({ ticketsBreached: 1, ticketsAtRisk: 1, chatsBreached: 2, chatsAtRisk: 4 })).toEqual({
      to: '/admin/service-requests?sla=breached',
      text: 'Service levels: 3 breached, 5 at risk',
      tone: 'breached',
    });
    expect(slaBadgeFrom({ ticketsAtRisk: 1, chatsAtRisk: 2 })?.to).toBe('/admin/service-requests?sla=at_risk');
  });

  it('has no badge for a count the server left out for the role, nor before the counts arrive', () => {
    // A sales member gets no chat or service-request counts (decision 167).
    expect(Object.keys(navBadgesFrom({ ordersToFulfil: 4, newEnquiries: 1 }))).toEqual([
      '/admin/orders',
      '/admin/enquiries',
    ]);
    expect(navBadgesFrom(undefined)).toEqual({});
  });
});

describe('console screen titles', () => {
  const title = (path: string) => documentTitle(findSiteRoute(path)!, company.name);

  it('names each screen and the console, not "Database Administration"', () => {
    expect(title('/admin')).toBe('Dashboard — Northstar IT Console');
    expect(title('/admin/orders')).toBe('Orders — Northstar IT Console');
    expect(title('/admin/service-requests')).toBe('Service Requests — Northstar IT Console');
    const titles = consoleNav.map((entry) => title(entry.to));
    expect(new Set(titles).size).toBe(consoleNav.length);
  });

  it('leaves the public site titles as they were', () => {
    expect(title('/about')).toBe('About Us | Northstar IT Solutions');
  });
});
