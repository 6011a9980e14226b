import type { RouteObject } from 'react-router-dom';
import type { SitePath } from '@shared/site/routes';
import { RootLayout, type LayoutHandle } from '@/components/layout/root-layout';
import { useUser } from '@/features/auth/api/use-user';
import { AccountMenu, MobileAccountLinks } from '@/features/auth/components/account-menu';
import { ChatWidget } from '@/features/chat-widget/components/chat-widget';
import { CartProvider } from '@/features/shop/cart/cart-provider';
import { HeaderCart } from '@/features/shop/components/header-cart';
import { RouteError } from './route-error';

type RouteModule = { Component: React.ComponentType };

// Each page is its own chunk, loaded when its route is visited.
const pages = import.meta.glob<RouteModule>('./routes/*.tsx');

/**
 * A page's path: one of the route table's (shared/src/site/routes.ts, which
 * the prerenderer, the server and sitemap.xml read) without its leading '/'.
 * '/' itself is the index page.
 */
type WithoutSlash<P> = P extends `/${infer Path}` ? Path : never;
type PagePath = Exclude<WithoutSlash<SitePath>, ''>;

/** A page module, loaded when first needed; `handle.source` lets the prerenderer preload its chunk. */
function lazyModule(name: string) {
  const source = `./routes/${name}.tsx`;
  const load = pages[source];
  if (!load) throw new Error(`No page module ${source}`);
  const lazy = async () => ({ Component: (await load()).Component });
  const handle = { source: `src/app/routes/${name}.tsx` };
  return { lazy, handle };
}

/** A lazily loaded page at a path of the route table (no path: the index page, '/'). */
function page(name: string, path?: PagePath, flags?: LayoutHandle): RouteObject {
  const { lazy, handle: source } = lazyModule(name);
  const handle = { ...source, ...flags };
  return path === undefined ? { index: true, lazy, handle } : { path, lazy, handle };
}

/** A lazily loaded screen of the staff console, at a path below /admin (none: /admin itself). */
function consolePage(name: string, path?: string): RouteObject {
  const { lazy, handle } = lazyModule(name);
  return path === undefined ? { index: true, lazy, handle } : { path, lazy, handle };
}

/** The chat bubble; a logged-in client's start form is filled in with their name and email. */
function SiteChatWidget() {
  const { user } = useUser();
  const visitor =
    user && user.accountType === 'client'
      ? { name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username, email: user.email ?? '' }
      : null;
  return <ChatWidget visitor={visitor} />;
}

export const NOT_FOUND_ROUTE_ID = 'not-found';

export const routes: RouteObject[] = [
  {
    path: '/',
    // The cart is in every page's header (a small store kept in localStorage; the drawer loads on demand).
    element: (
      <CartProvider>
        <RootLayout
          aside={<SiteChatWidget />}
          header={{ cart: <HeaderCart />, account: <AccountMenu />, mobileAccount: <MobileAccountLinks /> }}
        />
      </CartProvider>
    ),
    errorElement: <RouteError />,
    children: [
      page('home'),
      page('about', 'about'),
      page('services', 'services'),
      page('portfolio', 'portfolio'),
      page('contact', 'contact'),
      page('privacy', 'privacy'),
      page('terms', 'terms'),
      page('login', 'login'),
      page('signup', 'signup'),
      page('portal', 'portal'),
      page('portal-account', 'portal/account'),
      page('portal-billing', 'portal/billing'),
      page('portal-request', 'portal/request'),
      page('account-two-factor', 'account/two-factor'),
      page('forgot-password', 'forgot-password'),
      page('reset-password', 'reset-password'),
      page('confirm-email', 'confirm-email'),
      page('accept-invite', 'accept-invite'),
      page('confirm-consultation', 'confirm-consultation'),
      page('shop', 'shop'),
      page('checkout', 'checkout'),
      page('order-confirmation', 'order-confirmation'),
      page('pricing', 'pricing'),
      page('subscribe', 'subscribe'),
      // Every other path: deliberately not in the route table (its head is notFoundRoute's).
      { path: '*', ...lazyModule('not-found'), id: NOT_FOUND_ROUTE_ID },
      // New pages go last (route ids are positions: inserting one earlier made hydration ids differ).
      // A client's quote: one page for every link token (the route table's `tokens`), never prerendered per token.
      { ...page('quote', 'quotes'), path: 'quotes/:token?' },
      // A satisfaction survey's email link (decision 191), like a quote's: one page for every token.
      { ...page('feedback', 'feedback'), path: 'feedback/:token?' },
    ],
  },
  {
    // The staff console: its own shell, not the site's header and footer (web/src/features/console/nav.ts lists
    // its screens). Other /admin/… paths fall through to the site's 404 page.
    path: '/admin',
    // Its own chunk, like the pages: the public pages' first paint never evaluates the console's shell, staff
    // events and the schemas they parse with (decision 140). handle.source lets the prerenderer preload it.
    lazy: async () => ({ Component: (await import('./console-layout')).ConsoleLayout }),
    handle: { source: 'src/app/console-layout.tsx' },
    errorElement: <RouteError />,
    children: [
      consolePage('admin'),
      consolePage('admin-chat', 'chat'),
      consolePage('admin-orders', 'orders'),
      consolePage('admin-order', 'orders/:id'),
      consolePage('admin-enquiries', 'enquiries'),
      consolePage('admin-tickets', 'service-requests'),
      consolePage('admin-outbox', 'outbox'),
      consolePage('admin-customers', 'customers'),
      consolePage('admin-customer', 'customers/:id'),
      consolePage('admin-catalogue', 'catalogue'),
      consolePage('admin-product-new', 'catalogue/new'),
      consolePage('admin-product', 'catalogue/:id'),
      consolePage('admin-audit-log', 'audit-log'),
      consolePage('admin-reports', 'reports'),
      consolePage('admin-staff', 'staff'),
      consolePage('admin-canned-replies', 'canned-replies'),
      consolePage('admin-business-hours', 'settings/business-hours'),
      consolePage('admin-support-settings', 'settings/support'),
      consolePage('admin-service-levels', 'settings/service-levels'),
      consolePage('admin-account', 'account'),
      consolePage('admin-quotes', 'quotes'),
      consolePage('admin-quote-new', 'quotes/new'),
      consolePage('admin-quote', 'quotes/:id'),
      consolePage('admin-inbound-email', 'inbound-emails/:id'),
      consolePage('admin-maintenance', 'maintenance'),
    ],
  },
];
