import { PRODUCT_NAME } from './constants';

/** Windows overlay icons drawn for these counts (desktop/assets/overlay-*.png); more shows "9+". */
export const OVERLAY_MAX = 9;

interface BadgePresentation {
  /** The dock (macOS) or launcher (Linux) count; 0 hides it. */
  count: number;
  /** Windows: the overlay image to show on the taskbar button, or null for none. */
  overlay: string | null;
  /** Read by screen readers for the overlay. */
  description: string;
  title: string;
}

export function windowTitle(unread: number): string {
  return unread > 0 ? `(${unread}) ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * How the count of what needs attention (unread chats, paid orders to fulfil,
 * new enquiries and requests) shows: badge count, Windows overlay, window title.
 */
export function badgePresentation(unread: number): BadgePresentation {
  const count = Number.isInteger(unread) && unread > 0 ? unread : 0;
  return {
    count,
    overlay: count === 0 ? null : count > OVERLAY_MAX ? 'overlay-9plus.png' : `overlay-${count}.png`,
    description: count === 1 ? '1 item needs attention' : `${count} items need attention`,
    title: windowTitle(count),
  };
}
