import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { Footer } from './footer';
import { Header, type HeaderSlots } from './header';
import { RouteHead } from './route-head';

/** What a route's `handle` can tell the layout. */
export interface LayoutHandle {
  /** false: this page goes without the aside (the staff pages have their own chat console). */
  aside?: false;
}

/**
 * `aside`: what floats over every page (the live-chat widget), composed in
 * app/router.tsx; left out where a matched route's handle says `aside: false`.
 * `header`: the cart and account controls the app puts in the header.
 */
export function RootLayout({ aside, header }: { aside?: ReactNode; header?: HeaderSlots }) {
  const withoutAside = useMatches().some((match) => (match.handle as LayoutHandle | undefined)?.aside === false);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header {...header} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {withoutAside ? null : aside}
      <RouteHead />
    </div>
  );
}
