/** Spec §2 header navigation, shared by the desktop bar and the mobile menu. */
export const mainNavigation = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Shop', to: '/shop' },
  { label: 'Contact', to: '/contact' },
] as const;
