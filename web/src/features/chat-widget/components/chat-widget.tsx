import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { useCoversPrimaryAction } from '@/lib/primary-actions';
import { reportVisitorPage } from '../api/report-page';
import { openedFromLink, rememberWidgetOpen, storedConversationId } from '../stored-chat';
import type { ChatVisitor } from './start-chat-form';

// The chat itself is its own chunk, fetched when the bubble is first opened (or hovered):
// a page view costs only this button.
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(async () => ({ default: (await loadPanel()).ChatPanel }));

const noSubscription = () => () => {};

/** After the page's own work (hydration), or at once where the browser cannot tell. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}

/**
 * The closed bubble's badge: staff messages not read yet in the visitor's
 * conversation. Only a visitor who has a conversation (remembered in this
 * browser) loads the watcher, once the page is idle; everyone else's page
 * loads and connects nothing (decision 142).
 */
function useUnreadWhileClosed(open: boolean): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (open) return;
    const conversationId = storedConversationId();
    if (!conversationId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('../unread-watch').then(({ watchUnread }) => {
        if (!cancelled) stop = watchUnread(conversationId, setUnread);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
      // Opening the widget shows (and marks read) what the badge counted: closed again, it counts afresh.
      setUnread(0);
    };
  }, [open]);
  return open ? 0 : unread;
}

const unreadLabel = (count: number) =>
  count === 0 ? '' : `, ${count} unread message${count === 1 ? '' : 's'} from support`;

/**
 * Spec §2/§4: the floating live-chat bubble, bottom-right on every public
 * page (app/router.tsx leaves it off the staff pages, which have their own
 * chat console). Opening it loads the chat; closing it closes the connection.
 */
export function ChatWidget({ visitor = null }: { visitor?: ChatVisitor | null }) {
  const [choice, setChoice] = useState<boolean | null>(null);
  // A chat that was open before a reload opens again, as does one a link in an email points to (?chat=<id>);
  // the prerendered HTML (server snapshot) is always closed.
  const restored = useSyncExternalStore(noSubscription, openedFromLink, () => false);
  const open = choice ?? restored;
  const panelId = useId();
  const bubbleRef = useRef<HTMLButtonElement>(null);
  // The closed bubble never covers Add to Cart, Pay Now…: while its place would, it rises to a second place above
  // it (on a phone's first screen of /pricing the first plan's button sits right where the bubble does, issue 29),
  // and only when that one covers a button too does it step aside, below the screen's edge. Both places are fixed
  // frames that never move (and take no clicks); the button slides between them.
  const placeRef = useRef<HTMLDivElement>(null);
  const raisedRef = useRef<HTMLDivElement>(null);
  const coversPlace = useCoversPrimaryAction(placeRef, !open);
  const coversRaised = useCoversPrimaryAction(raisedRef, !open);
  const raise = coversPlace && !coversRaised;
  const stepAside = coversPlace && coversRaised;
  const unread = useUnreadWhileClosed(open);

  const toggle = (next: boolean) => {
    setChoice(next);
    rememberWidgetOpen(next);
    if (!next) bubbleRef.current?.focus();
  };

  // Staff see the page the visitor is on: each page they move to is reported for the chat they have.
  const { pathname, search } = useLocation();
  useEffect(() => {
    const conversationId = storedConversationId();
    if (conversationId) reportVisitorPage(conversationId, `${pathname}${search}`);
  }, [pathname, search]);

  // Escape closes the open widget.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) toggle(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} visitor={visitor} onClose={() => toggle(false)} />
        </Suspense>
      ) : null}
      <div
        ref={raisedRef}
        aria-hidden="true"
        className="pointer-events-none fixed bottom-28 right-4 -z-10 h-14 w-14 sm:bottom-32 sm:right-6"
      />
      <div
        ref={placeRef}
        className={cn(
          'pointer-events-none fixed bottom-4 right-4 z-40 h-14 w-14 sm:bottom-6 sm:right-6',
          // On small screens the open chat fills the screen and closes from its own header.
          open && 'max-sm:hidden',
        )}
      >
        <button
          ref={bubbleRef}
          type="button"
          aria-label={open ? 'Close live chat' : `Open live chat${unreadLabel(unread)}`}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => toggle(!open)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          data-stepped-aside={stepAside ? '' : undefined}
          data-raised={raise ? '' : undefined}
          className={cn(
            'pointer-events-auto relative flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-blue-700 text-white shadow-lg transition-[background-color,translate] duration-200 hover:bg-blue-800 focus-visible:translate-y-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
            raise && '-translate-y-24 sm:-translate-y-[6.5rem]',
            stepAside && 'pointer-events-none translate-y-[calc(100%+2rem)]',
          )}
        >
          {open ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <MessageCircle className="h-6 w-6" aria-hidden="true" />
          )}
          {unread > 0 ? (
            <span
              data-testid="chat-unread-badge"
              aria-hidden="true"
              className="absolute -right-1 -top-1 flex h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white ring-2 ring-white"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      </div>
    </>
  );
}
