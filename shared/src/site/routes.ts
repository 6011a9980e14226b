import { company } from './company';

/**
 * Every page of the web app: the router, the server (HTTP 404 for anything
 * else, prerendered HTML) and sitemap.xml all read this one table.
 */
export interface SiteRoute {
  path: string;
  title: string;
  description: string;
  /** Listed in sitemap.xml and open to search engines. */
  indexable: boolean;
  /**
   * API paths (GET, public, the same for every visitor) whose current answers
   * the server renders into this page when it is requested, instead of the
   * page being complete at build time; the answers also travel in the page,
   * so the browser does not fetch them again (docs/decisions/090-…).
   */
  renderedWith?: readonly PublicDataPath[];
  /**
   * `<path>/<uuid>` is this page too, showing one item (an order, a customer):
   * the server sends this route's page and the browser's router shows the item.
   */
  items?: true;
  /**
   * `<path>/<token>` is this page too, showing what an unguessable link token
   * opens (a client's quote): the server sends this route's page and the
   * browser's router reads the token once hydrated.
   */
  tokens?: true;
}

/** The public answers a page may be rendered from (served by api/src/modules/site/live-pages.ts). */
export const publicDataPaths = [
  '/api/products',
  '/api/subscription-plans',
  '/api/service-levels/response-times',
] as const;
export type PublicDataPath = (typeof publicDataPaths)[number];

/**
 * The id of the `<script type="application/json">` element that carries those
 * answers in a page, as `{ "<api path>": answer }`; the browser seeds its query
 * cache from it before hydrating (web/src/main.tsx).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** A route whose path keeps its literal type (for SitePath). */
const route = <P extends string>(
  path: P,
  title: string,
  description: string,
  indexable: boolean,
  renderedWith?: readonly PublicDataPath[],
): SiteRoute & { path: P } => ({
  path,
  title,
  description,
  indexable,
  ...(renderedWith ? { renderedWith } : {}),
});

export const siteRoutes = [
  route(
    '/',
    'Enterprise IT Services, Network Engineering & Cybersecurity',
    'Network engineering, field IT, low-voltage cabling, cybersecurity, cloud and Wi-Fi design for enterprises nationwide, from a Minnesota team trusted by 500+ clients.',
    true,
  ),
  route(
    '/about',
    'About Us',
    `Since ${company.foundedYear} we have grown from a Minneapolis field-service team into a nationwide IT partner for 500+ enterprise clients. Our mission, values and history.`,
    true,
  ),
  route(
    '/services',
    'IT Services',
    'Network engineering and security, field IT services, low-voltage cabling, cybersecurity, cloud and virtualization, Ekahau Wi-Fi design, AI and automation, and procurement.',
    true,
  ),
  route(
    '/portfolio',
    'Case Studies',
    'Real results for real businesses: healthcare Wi-Fi, financial cybersecurity hardening, a 120-location retail rollout and a cloud migration.',
    true,
  ),
  route(
    '/contact',
    'Contact Us',
    "Have a project in mind? Tell us about it and we'll get back to you within 24 hours. Phone, email and business hours for our Minneapolis office.",
    true,
  ),
  route(
    '/shop',
    'Technology Procurement',
    'Enterprise switches, firewalls, Wi-Fi access points, cabling, CCTV, servers, laptops and UPS units, sourced and supported by our engineers.',
    true,
    ['/api/products'],
  ),
  route(
    '/pricing',
    'Managed IT Plans & Pricing',
    'Monthly managed IT plans with monitoring, help desk and security built in. Choose the plan that fits your business.',
    true,
    ['/api/subscription-plans', '/api/service-levels/response-times'],
  ),
  route('/privacy', 'Privacy Policy', 'How we collect, use and protect the information you share with us.', true),
  route('/terms', 'Terms of Service', 'The terms that apply when you use our website, shop and services.', true),
  route('/login', 'Log In', 'Log in to your client portal.', false),
  route(
    '/signup',
    'Create an Account',
    'Create a client account to buy products, subscribe to plans and track requests.',
    false,
  ),
  route('/portal', 'Client Portal', 'Your orders, service requests and subscription.', false),
  route('/portal/account', 'Account', 'Your name, email address and password.', false),
  route(
    '/account/two-factor',
    'Two-Factor Sign-In',
    'Set up, or turn off, two-factor sign-in for your account.',
    false,
  ),
  route('/portal/billing', 'Billing', 'Your invoices and credit notes.', false),
  route('/portal/request', 'Service Request', 'One of your service requests and its replies.', false),
  route('/forgot-password', 'Forgot Your Password?', 'Get a link to choose a new password.', false),
  route('/reset-password', 'Choose a New Password', 'Set a new password for your account.', false),
  route('/confirm-email', 'Confirm Your Email Address', 'Confirm the new email address of your account.', false),
  route('/accept-invite', 'Accept Your Invitation', 'Choose the username and password of your staff account.', false),
  route('/confirm-consultation', 'Confirm Your Consultation Time', 'Confirm the consultation time we proposed.', false),
  route('/checkout', 'Checkout', 'Complete your order.', false),
  route('/order-confirmation', 'Order Confirmation', 'The status of your order.', false),
  route('/subscribe', 'Subscribe', 'Start your managed IT plan.', false),
  {
    ...route('/quotes', 'Your Quote', 'A quote from us: review it, then accept or decline it online.', false),
    tokens: true,
  },
  {
    ...route('/feedback', 'How Did We Do?', 'Rate how we did with your request or chat.', false),
    tokens: true,
  },
  route('/admin', 'Dashboard', 'Staff tools: what needs attention now.', false),
  route('/admin/chat', 'Customer Chat', 'Staff chat console.', false),
  route('/admin/enquiries', 'Enquiries', 'Contact enquiries, for staff.', false),
  route('/admin/service-requests', 'Service Requests', 'Service requests as tickets, for staff.', false),
  route('/admin/staff', 'Staff', 'Staff members, roles and invitations, for admins.', false),
  route('/admin/outbox', 'Outbox', 'Every email the site sends, for staff.', false),
  { ...route('/admin/orders', 'Orders', 'Orders for staff: search, filters, fulfilment.', false), items: true },
  {
    ...route('/admin/customers', 'Customers', 'Customers for staff: accounts, orders, requests, chats.', false),
    items: true,
  },
  {
    ...route('/admin/catalogue', 'Catalogue', 'Products for staff: prices, stock, images, archiving.', false),
    items: true,
  },
  route('/admin/catalogue/new', 'New Product', 'A new product for the shop, for staff.', false),
  {
    ...route('/admin/quotes', 'Quotes', 'Quotes for staff: build, send and follow them.', false),
    items: true,
  },
  route('/admin/quotes/new', 'New Quote', 'A new quote for a customer, for staff.', false),
  route('/admin/reports', 'Reports', 'Support and sales reports for staff: charts, the items behind them, CSV.', false),
  route('/admin/audit-log', 'Audit Log', 'Who changed money, access or what the public sees, for admins.', false),
  route(
    '/admin/canned-replies',
    'Canned Replies',
    'Replies staff insert with a /shortcut, shared or their own.',
    false,
  ),
  route(
    '/admin/settings/business-hours',
    'Business Hours',
    'Opening hours and holidays the site and the away replies follow, for admins.',
    false,
  ),
  route(
    '/admin/settings/support',
    'Support Settings',
    'Automatic assignment, satisfaction surveys and plan priorities, for admins.',
    false,
  ),
  route(
    '/admin/settings/service-levels',
    'Service Levels',
    'First-response and resolution targets per priority and plan, for admins.',
    false,
  ),
  route('/admin/maintenance', 'Maintenance', 'Seeding the shop with its starter catalogue, for admins.', false),
  route('/admin/account', 'Your Account', 'Two-factor sign-in and signed-in sessions, for staff.', false),
] as const satisfies readonly SiteRoute[];

export type SitePath = (typeof siteRoutes)[number]['path'];

export const notFoundRoute: SiteRoute = route(
  '/404',
  'Page Not Found',
  'The page you are looking for does not exist or has moved.',
  false,
);

const byPath = new Map<string, SiteRoute>(siteRoutes.map((r) => [r.path, r]));

const ITEM_PATH = /^(.+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A link token: URL-safe characters, long enough to be unguessable (a UUID fits too). */
const TOKEN_PATH = /^(.+)\/[A-Za-z0-9_-]{16,128}$/;

/** A request path without one trailing slash: the URL a page is served at. */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The route for a request path (or an item below a route with `items`, a token below one with `tokens`), ignoring one trailing slash; undefined for unknown paths. */
export function findSiteRoute(pathname: string): SiteRoute | undefined {
  const normalized = canonicalPath(pathname);
  const direct = byPath.get(normalized);
  if (direct) return direct;
  const item = ITEM_PATH.exec(normalized);
  const parent = item ? byPath.get(item[1]!) : undefined;
  if (parent?.items) return parent;
  const token = TOKEN_PATH.exec(normalized);
  const opener = token ? byPath.get(token[1]!) : undefined;
  return opener?.tokens ? opener : undefined;
}

/** The staff console's name in its screens' titles. */
export const consoleTitleSuffix = `${company.shortName} Console`;

/** Whether a path is the staff console's (/admin and below). */
export function isConsolePath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * The document title for a route, with the company name; a console screen's is
 * its own name with the console's ("Orders — Northstar IT Console"), so staff
 * tell their tabs and windows apart.
 */
export function documentTitle(siteRoute: SiteRoute, companyName: string): string {
  if (isConsolePath(siteRoute.path)) return `${siteRoute.title} — ${consoleTitleSuffix}`;
  return siteRoute.path === '/' ? `${companyName} | ${siteRoute.title}` : `${siteRoute.title} | ${companyName}`;
}
