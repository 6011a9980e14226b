import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { RouteHead } from './route-head';

/** `aside`: what floats over every page (the live-chat widget), composed in app/routes.tsx. */
export function RootLayout({ aside }: { aside?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {aside}
      <RouteHead />
    </div>
  );
}
