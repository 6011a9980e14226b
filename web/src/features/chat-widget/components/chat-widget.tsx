import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { useCoversPrimaryAction } from '@/lib/primary-actions';
import { openedFromLink, rememberWidgetOpen } from '../stored-chat';

// The chat itself is its own chunk, fetched when the bubble is first opened (or hovered):
// a page view costs only this button.
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(async () => ({ default: (await loadPanel()).ChatPanel }));

const noSubscription = () => () => {};

/**
 * Spec §2/§4: the floating live-chat bubble, bottom-right on every public
 * page (app/router.tsx leaves it off the staff pages, which have their own
 * chat console). Opening it loads the chat; closing it closes the connection.
 */
export function ChatWidget() {
  const [choice, setChoice] = useState<boolean | null>(null);
  // A chat that was open before a reload opens again, as does one a link in an email points to (?chat=<id>);
  // the prerendered HTML (server snapshot) is always closed.
  const restored = useSyncExternalStore(noSubscription, openedFromLink, () => false);
  const open = choice ?? restored;
  const panelId = useId();
  const bubbleRef = useRef<HTMLButtonElement>(null);
  // The closed bubble steps aside (below the screen's edge) while its place would cover Add to Cart,
  // Pay Now…: its place is a fixed frame that never moves (and takes no clicks); the button slides out of it.
  const placeRef = useRef<HTMLDivElement>(null);
  const stepAside = useCoversPrimaryAction(placeRef, !open);

  const toggle = (next: boolean) => {
    setChoice(next);
    rememberWidgetOpen(next);
    if (!next) bubbleRef.current?.focus();
  };

  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} onClose={() => toggle(false)} />
        </Suspense>
      ) : null}
      <div ref={placeRef} className="pointer-events-none fixed bottom-4 right-4 z-40 h-14 w-14 sm:bottom-6 sm:right-6">
        <button
          ref={bubbleRef}
          type="button"
          aria-label={open ? 'Close live chat' : 'Open live chat'}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => toggle(!open)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          data-stepped-aside={stepAside ? '' : undefined}
          className={cn(
            'pointer-events-auto flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-blue-700 text-white shadow-lg transition-[background-color,translate] duration-200 hover:bg-blue-800 focus-visible:translate-y-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
            stepAside && 'pointer-events-none translate-y-[calc(100%+2rem)]',
          )}
        >
          {open ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <MessageCircle className="h-6 w-6" aria-hidden="true" />
          )}
        </button>
      </div>
    </>
  );
}
