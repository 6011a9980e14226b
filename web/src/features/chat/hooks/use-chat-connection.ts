import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientFrame, ServerFrame } from '@shared/schemas/chat-frames';
import { toast } from '@/lib/toast';
import { ChatSocket, type ChatConnectionStatus } from '@/lib/live/chat-socket';

interface ChatConnectionHandlers {
  /** Connected or reconnected: (re)join here. */
  onOpen(send: (frame: ClientFrame) => boolean): void;
  onFrame(frame: ServerFrame): void;
  /** Refused for good (4401/4403/4404); the socket stays closed. */
  onFinalClose?(code: number, reason: string): void;
}

/**
 * A chat socket for as long as the component is mounted: unmounting closes it.
 * Reconnects with backoff; the first failed attempt of an outage shows the
 * spec's "Connection Error" toast.
 */
export function useChatConnection(handlers: ChatConnectionHandlers) {
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  const socketRef = useRef<ChatSocket | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const send = useCallback((frame: ClientFrame) => socketRef.current?.send(frame) ?? false, []);

  useEffect(() => {
    const socket = new ChatSocket({
      onOpen: () => handlersRef.current.onOpen(send),
      onFrame: (frame) => handlersRef.current.onFrame(frame),
      onStatus: setStatus,
      onConnectError: () =>
        toast({ title: 'Connection Error', description: 'Failed to connect to chat server', variant: 'destructive' }),
      onFinalClose: (code, reason) => handlersRef.current.onFinalClose?.(code, reason),
    });
    socketRef.current = socket;
    socket.connect();
    return () => {
      socketRef.current = null;
      socket.close();
    };
  }, [send]);

  return { status, send };
}
