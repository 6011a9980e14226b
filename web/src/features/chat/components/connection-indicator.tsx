import type { ChatConnectionStatus } from '@/lib/live/chat-socket';
import { cn } from '@/lib/cn';

const labels: Record<ChatConnectionStatus, string> = {
  open: 'Connected',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
};

/** Spec §4: a dot, green when connected and grey otherwise, with the state in words for everyone. */
export function ConnectionIndicator({
  status,
  className,
  showLabel = false,
}: {
  status: ChatConnectionStatus;
  className?: string;
  showLabel?: boolean;
}) {
  const connected = status === 'open';
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs', className)} role="status" title={labels[status]}>
      <span
        aria-hidden="true"
        data-connected={connected}
        className={cn('h-2.5 w-2.5 rounded-full', connected ? 'bg-green-500' : 'bg-slate-400')}
      />
      <span className={showLabel ? undefined : 'sr-only'}>{labels[status]}</span>
    </span>
  );
}
