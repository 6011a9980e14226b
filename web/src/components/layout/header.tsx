import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { mainNavigation } from './navigation';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-blue-700' : 'text-slate-700 hover:text-blue-700',
  );

/** What the app puts in the header: the cart, and the account control (desktop bar and mobile menu). */
export interface HeaderSlots {
  cart?: ReactNode;
  account?: ReactNode;
  mobileAccount?: ReactNode;
}

export function Header({ cart, account, mobileAccount }: HeaderSlots) {
  const { pathname } = useLocation();
  // The mobile menu stays open only on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes it and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {cart}
          <div className="hidden items-center gap-2 lg:flex">
            {account}
            <ButtonLink to="/contact">Get Quote</ButtonLink>
          </div>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="flex flex-col gap-1 px-4 py-3">
          {mainNavigation.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) => cn(navLinkClass({ isActive }), 'block')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="mt-2 flex flex-col gap-2">
            <ButtonLink to="/contact">Get Quote</ButtonLink>
            {mobileAccount}
          </li>
        </ul>
      </nav>
    </header>
  );
}
