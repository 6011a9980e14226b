import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { company } from '@shared/site/company';
import { RouteHead } from '@/components/layout/route-head';
import { cn } from '@/lib/cn';
import { consoleNav, isCurrentEntry } from '../nav';

/**
 * The staff console's own frame for /admin/* (the desktop console shows the
 * same screens): its navigation (nav.ts), who is signed in with Log Out (the
 * `account` slot, composed by the app), and the current screen.
 */
export function ConsoleShell({ account, children }: { account: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="flex shrink-0 flex-col gap-4 bg-navy-900 p-4 text-white md:sticky md:top-0 md:h-screen md:w-60">
        <Link to="/admin" className="flex items-center gap-2 rounded-md">
          <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#ffffff" />
            <path d="M32 10l5.6 15.4L54 27l-13 9.6L45.2 53 32 43.6 18.8 53 23 36.6 10 27l16.4-1.6z" fill="#1d4ed8" />
          </svg>
          <span className="font-bold">
            {company.shortName} <span className="font-normal text-blue-200">Console</span>
          </span>
        </Link>
        <nav aria-label="Console" className="md:flex-1">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {consoleNav.map((entry) => {
              const current = isCurrentEntry(entry, pathname);
              const Icon = entry.icon;
              return (
                <li key={entry.to}>
                  <NavLink
                    to={entry.to}
                    end={entry.to === '/admin'}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
                      current ? 'bg-white text-navy-900' : 'text-blue-50 hover:bg-white/10',
                    )}
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {entry.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-white/20 pt-3">{account}</div>
      </header>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 md:px-8">
        {children}
      </main>
      <RouteHead />
    </div>
  );
}

/** The frame around /admin for someone who is not staff: the spec's seeding card, without the console. */
export function ConsoleGuestFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-navy-900 px-4 py-3 text-white">
        <Link to="/" className="font-bold">
          {company.name}
        </Link>
      </header>
      <main id="main" className="flex-1 px-4 py-12">
        {children}
      </main>
      <RouteHead />
    </div>
  );
}
