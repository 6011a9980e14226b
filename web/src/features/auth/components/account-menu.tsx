import { ChevronDown, LayoutDashboard, LogOut, MessagesSquare } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { displayName, useUser } from '../api/use-user';
import { useLogOutAction } from './logout-button';

function initials(user: PublicUser): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((part) => part!.charAt(0));
  return (letters.length > 0 ? letters.join('') : user.username.slice(0, 2)).toUpperCase();
}

/** Where a signed-in person can go from the header: their portal, and staff their console. */
function accountLinks(user: PublicUser) {
  return [
    { to: '/portal', label: 'Portal', icon: LayoutDashboard },
    ...(user.accountType === 'staff' ? [{ to: '/admin', label: 'Console', icon: MessagesSquare }] : []),
  ];
}

/** Signed out, or not known yet (as in the prerendered HTML): the spec's header button. */
function ClientPortalButton() {
  return (
    <ButtonLink to="/portal" variant="outline">
      Client Portal
    </ButtonLink>
  );
}

const itemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The header's account control. Signed out (or not known yet, as in the
 * prerendered HTML): the spec's Client Portal button. Signed in: the person's
 * initials and name, opening Portal, Console (staff) and Log Out.
 */
export function AccountMenu() {
  const { user } = useUser();
  const { pathname } = useLocation();
  // Open only on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closes on Escape (focus back on the button) and a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!user) return <ClientPortalButton />;
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pl-1 pr-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white"
        >
          {initials(user)}
        </span>
        <span className="max-w-[10rem] truncate">
          <span className="sr-only">Account: </span>
          {displayName(user)}
        </span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-12 z-50 w-56 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <AccountChoices user={user} className="p-0" />
      </div>
    </div>
  );
}

/** The same choices in the mobile menu. */
export function MobileAccountLinks() {
  const { user } = useUser();
  if (!user) return <ClientPortalButton />;
  return <AccountChoices user={user} className="border-t border-slate-200 pt-3" />;
}

/** Who is signed in, then Portal, Console (staff) and Log Out: the menu's content on every screen size. */
function AccountChoices({ user, className }: { user: PublicUser; className?: string }) {
  const { logOut, pending } = useLogOutAction();
  return (
    <div className={className}>
      <p className="truncate px-3 pb-2 pt-1.5 text-xs text-slate-600">
        Signed in as <span className="font-semibold text-slate-900">{displayName(user)}</span>
      </p>
      <ul className="flex flex-col gap-0.5 border-t border-slate-100 pt-1.5">
        {accountLinks(user).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={itemClass}>
              <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className={itemClass} onClick={logOut} disabled={pending}>
            <LogOut className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Log Out
          </button>
        </li>
      </ul>
    </div>
  );
}
