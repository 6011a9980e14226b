import { slaFilters, type SlaFilter } from '@shared/schemas/sla-states';

/** The console's chat screen: the only place its list reads the URL's filters from. */
export const CHAT_SCREEN_PATH = '/admin/chat';

/**
 * The chat list's service-level filter as the URL asks for it (/admin/chat?sla=at_risk|breached, as the tickets
 * list's `sla`; the dashboard's chat cards link to it). Read only on the chat screen: the desktop console keeps
 * the chat mounted under every other screen, whose own `?sla=` (the tickets list's) is not the chat's. A value the
 * list cannot ask for is read as no filter.
 */
export function readChatSlaFilter(pathname: string, params: URLSearchParams): SlaFilter | null {
  if (pathname.replace(/\/$/, '') !== CHAT_SCREEN_PATH) return null;
  return slaFilters.find((value) => value === params.get('sla')) ?? null;
}
