import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { StaffEvent, StaffEventKind } from '@shared/schemas/staff-events';
import { ChatSocket, type ChatConnectionStatus } from './chat-socket';

/**
 * Staff events in the console (decisions 100, 160): the web side of the API's
 * live layer, here in lib/ so every console screen may use it (features import
 * no other feature but may import lib/). One /ws/chat socket per open
 * console asks for them (`staff_events`) and hands each `staff_event` frame to
 * the screens listening through useStaffEvents. When events may have been
 * missed — the socket reconnected, or the server lost its event stream — every
 * listener is called with `null`: reload whatever it shows.
 */
type Listener = (event: StaffEvent | null) => void;

type Listen = (listener: Listener) => () => void;

const ListenContext = createContext<Listen | null>(null);
const StatusContext = createContext<ChatConnectionStatus | null>(null);

/** Opens the staff events socket for as long as it is mounted (the console shell mounts it once). */
export function StaffEventsProvider({ children }: { children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  useEffect(() => {
    const emit = (event: StaffEvent | null) => {
      for (const listener of [...listeners.current]) listener(event);
    };
    let opened = false;
    const socket = new ChatSocket({
      onOpen: () => {
        socket.send({ type: 'staff_events' });
        // After a reconnection, whatever happened in between was not heard.
        if (opened) emit(null);
        opened = true;
      },
      onFrame: (frame) => {
        if (frame.type === 'staff_event') emit(frame.event);
        else if (frame.type === 'staff_events_reset') emit(null);
      },
      onStatus: setStatus,
    });
    socket.connect();
    return () => socket.close();
  }, []);
  const [listen] = useState<Listen>(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  });
  return (
    <ListenContext.Provider value={listen}>
      <StatusContext.Provider value={status}>{children}</StatusContext.Provider>
    </ListenContext.Provider>
  );
}

/** Whether the console currently hears staff events ('open'), for a "live" indicator. */
export function useStaffEventsStatus(): ChatConnectionStatus | null {
  return useContext(StatusContext);
}

/**
 * Calls `handler` for each staff event of the given kinds (and with `null`
 * when events may have been missed). Typically invalidates react-query caches:
 *
 *   useStaffEvents(['order.paid', 'order.updated'], () => queryClient.invalidateQueries({ queryKey: ordersKey }));
 *
 * Outside a StaffEventsProvider it does nothing.
 */
export function useStaffEvents(kinds: readonly StaffEventKind[], handler: (event: StaffEvent | null) => void): void {
  const listen = useContext(ListenContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const key = kinds.join(',');
  useEffect(() => {
    if (!listen) return;
    const wanted = new Set(key.split(','));
    return listen((event) => {
      if (event === null || wanted.has(event.kind)) handlerRef.current(event);
    });
  }, [listen, key]);
}
