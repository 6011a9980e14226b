import { WifiOff, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A band across the top of the console that stays until what it says is over. */
function Banner({ tone, icon, children }: { tone: 'warning' | 'info'; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm',
        tone === 'warning' ? 'bg-amber-100 text-amber-950' : 'bg-blue-50 text-blue-950',
      )}
    >
      {icon}
      {children}
    </div>
  );
}

/** Shown while the chat connection is down: nothing new arrives and no notification can fire until it is back. */
export function DisconnectedBanner({ serverName }: { serverName: string }) {
  return (
    <Banner tone="warning" icon={<WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />}>
      <p>
        <strong>Disconnected from {serverName}.</strong> Reconnecting… New chats and notifications resume when the
        connection is back.
      </p>
    </Banner>
  );
}

/** Shown on the login screen after the session ended: the console alerts nobody until someone logs in. */
export function SignedOutBanner() {
  return (
    <Banner tone="warning" icon={<WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />}>
      <p>
        <strong>You are signed out.</strong> Notifications are paused until you log in again.
      </p>
    </Banner>
  );
}

/** A new version is downloaded: staff restart when it suits them (it also installs when the app quits). */
export function UpdateReadyBanner({ version, onRestart }: { version: string; onRestart(): void }) {
  return (
    <Banner tone="info" icon={<Download className="h-4 w-4 shrink-0" aria-hidden="true" />}>
      <p>Version {version} of the console is ready. It installs when you restart.</p>
      <Button size="sm" onClick={onRestart}>
        Restart now
      </Button>
    </Banner>
  );
}
