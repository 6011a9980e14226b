import { AlarmClock, Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { company } from '@shared/site/company';
import { RouteHead } from '@/components/layout/route-head';
import { cn } from '@/lib/cn';
import { useStaffRole } from '@/lib/staff-role';
import { useDashboardCounts } from '../api/dashboard';
import {
  consoleNav,
  isCurrentEntry,
  navBadgesFrom,
  navFor,
  roleMayOpen,
  slaBadgeFrom,
  type ConsoleNavBadges,
} from '../nav';
import { NotForYourRole } from './not-for-your-role';

/**
 * The staff console's own frame for /admin/* (the desktop console shows the
 * same screens): its navigation (nav.ts), who is signed in with Log Out (the
 * `account` slot, composed by the app), and the current screen. The
 * navigation lists only the screens the staff member's role may use, and a
 * screen outside the role says so instead of failing on its calls. Beside
 * the entries, badges count what waits there (the dashboard's counts, live
 * from staff events); `badges` adds or replaces some (the desktop's unread chats).
 */
export function ConsoleShell({
  account,
  badges: extraBadges = {},
  children,
}: {
  account: ReactNode;
  badges?: ConsoleNavBadges;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  // On small screens the navigation folds behind a Menu button so the screen starts at the top; it folds again on
  // every move (it is open only on the path it was opened on). From md up it is always shown (the `md:flex` below).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const role = useStaffRole();
  const counts = useDashboardCounts();
  const badges: ConsoleNavBadges = {
    ...navBadgesFrom(counts.data),
    ...Object.fromEntries(Object.entries(extraBadges).filter(([, badge]) => badge && badge.count > 0)),
  };
  const entries = navFor(role);
  const sla = slaBadgeFrom(counts.data);
  const current = consoleNav.find((entry) => isCurrentEntry(entry, pathname));
  const allowed = !current || roleMayOpen(role, current);
  // The badges' total shows on the Menu button while the navigation is folded.
  const folded = Object.values(badges).reduce((total, badge) => total + (badge?.count ?? 0), 0);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="flex shrink-0 flex-col gap-4 bg-navy-900 p-4 text-white md:sticky md:top-0 md:h-screen md:w-60 md:overflow-y-auto">
        <div className="flex items-center justify-between gap-3">
          <Link to="/admin" className="flex items-center gap-2 rounded-md">
            <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#ffffff" />
              <path d="M32 10l5.6 15.4L54 27l-13 9.6L45.2 53 32 43.6 18.8 53 23 36.6 10 27l16.4-1.6z" fill="#1d4ed8" />
            </svg>
            <span className="font-bold">
              {company.shortName} <span className="font-normal text-blue-200">Console</span>
            </span>
          </Link>
          <button
            type="button"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-blue-50 hover:bg-white/10 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X className="h-4 w-4" aria-hidden="true" /> : <Menu className="h-4 w-4" aria-hidden="true" />}
            {current && !menuOpen ? current.label : 'Menu'}
            {!menuOpen && folded > 0 ? (
              <span className="rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white">
                {folded}
                <span className="sr-only"> waiting</span>
              </span>
            ) : null}
            <span className="sr-only">{menuOpen ? ' (close the menu)' : ' (open the menu)'}</span>
          </button>
        </div>
        <div id="console-menu" className={cn('flex-col gap-4 md:flex md:flex-1', menuOpen ? 'flex' : 'hidden')}>
          <nav aria-label="Console" className="md:flex-1">
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {entries.map((entry) => {
                const current = isCurrentEntry(entry, pathname);
                const Icon = entry.icon;
                const badge = badges[entry.to];
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
                      {badge && badge.count > 0 ? (
                        <span className="ml-auto rounded-full bg-blue-600 px-2 py-0.5 text-xs font-semibold text-white">
                          {badge.count}
                          <span className="sr-only"> {badge.label}</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          {sla ? (
            <Link
              to={sla.to}
              data-testid="sla-badge"
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold',
                sla.tone === 'breached' ? 'bg-red-700 text-white' : 'bg-amber-300 text-navy-900',
              )}
            >
              <AlarmClock className="h-4 w-4" aria-hidden="true" />
              {sla.text}
            </Link>
          ) : null}
          <div className="border-t border-white/20 pt-3">{account}</div>
        </div>
      </header>
      <main id="main" className="min-w-0 flex-1 px-4 py-8 md:px-8">
        {allowed ? children : <NotForYourRole screen={current.label} />}
      </main>
      <RouteHead />
    </div>
  );
}

/**
 * The frame around /admin for someone who is not staff: the spec's seeding card, without the console. `title`
 * names the page in the browser (what it shows, not the staff's screen of that address).
 */
export function ConsoleGuestFrame({ title, children }: { title?: string; children: ReactNode }) {
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
      <RouteHead title={title} />
    </div>
  );
}
