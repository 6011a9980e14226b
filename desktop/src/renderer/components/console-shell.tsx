import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { roleMay } from '@shared/staff-roles';
import { Button } from '@/components/ui/button';
import { displayName } from '@/features/auth/api/use-user';
import { StaffEventsProvider } from '@/lib/live/staff-events';
import { StaffRoleProvider } from '@/lib/staff-role';
import { ConsoleShell as WebConsoleShell } from '@/features/console/components/console-shell';
import { StaffChatConsole } from '@/features/staff-chat/components/staff-chat-console';
import type { ConsoleSettings } from '../../common/ipc-channels';
import { desktop } from '../bridge';
import { useApiDownloads } from '../hooks/use-api-downloads';
import { CHAT_PATH, useConsoleChat } from '../hooks/use-console-chat';
import { useAttentionCount, useItemAlerts } from '../hooks/use-item-alerts';
import { DisconnectedBanner, UpdateReadyBanner } from './console-banner';
import { NotificationSettings } from './notification-settings';
import { serverName } from './screen';

interface ConsoleShellProps {
  user: PublicUser;
  serverUrl: string;
  settings: ConsoleSettings;
  /** A downloaded version waiting for a restart when the page loaded. */
  updateReady: string | null;
  onLogOut(): void;
}

/** The version ready to install: known at load, or announced by the main process later. */
function useUpdateReady(initial: string | null): string | null {
  const [version, setVersion] = useState(initial);
  useEffect(() => desktop.onUpdateReady(setVersion), []);
  return version;
}

const isChatPath = (pathname: string) => pathname === CHAT_PATH || pathname === `${CHAT_PATH}/`;

/**
 * The desktop console: the web's staff console — its shell, navigation and
 * every /admin/* screen (the router's <Outlet />) — with the desktop's own
 * parts: the disconnected and update banners, who is signed in on which
 * server, the notification settings and Log Out. The chat stays mounted
 * (hidden) on every other screen, so its socket and notifications carry on;
 * the staff events socket feeds the screens and the item notifications.
 * A role without chat (decision 167) gets the console without the chat: no
 * chat socket, no chat screen (its address leads to the dashboard).
 */
export function ConsoleShell(props: ConsoleShellProps) {
  const role = props.user.staffRole;
  return (
    <StaffRoleProvider role={role} userId={props.user.id}>
      <StaffEventsProvider>
        {roleMay(role, 'chat') ? <ConsoleFrame {...props} /> : <ConsoleFrameWithoutChat {...props} />}
      </StaffEventsProvider>
    </StaffRoleProvider>
  );
}

/** Who is signed in on which server, the notification settings and Log Out. */
function AccountPanel({ user, serverUrl, settings, onLogOut }: Omit<ConsoleShellProps, 'updateReady'>) {
  return (
    <div className="flex flex-col gap-3">
      <p className="truncate text-sm text-blue-100">
        Signed in as <span className="font-semibold text-white">{displayName(user)}</span>
        <span className="block truncate">on {serverName(serverUrl)}</span>
      </p>
      <NotificationSettings initial={settings} />
      <Button variant="outline-inverse" size="sm" onClick={onLogOut}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Log Out
      </Button>
    </div>
  );
}

function ConsoleFrameWithoutChat({ updateReady, ...account }: ConsoleShellProps) {
  const onChatScreen = isChatPath(useLocation().pathname);
  useItemAlerts();
  useAttentionCount(0);
  useApiDownloads();
  const updateVersion = useUpdateReady(updateReady);
  // The console opens on the chat (and a notification or shortcut may ask for it): this role starts on the dashboard.
  if (onChatScreen) return <Navigate to="/admin" replace />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {updateVersion ? (
        <UpdateReadyBanner version={updateVersion} onRestart={() => void desktop.installUpdate()} />
      ) : null}
      <WebConsoleShell account={<AccountPanel {...account} />}>
        <Outlet />
      </WebConsoleShell>
    </div>
  );
}

function ConsoleFrame({ user, serverUrl, settings, updateReady, onLogOut }: ConsoleShellProps) {
  const onChatScreen = isChatPath(useLocation().pathname);
  const { consoleProps, unread, disconnected } = useConsoleChat(onChatScreen);
  useItemAlerts();
  useAttentionCount(unread);
  useApiDownloads();
  const updateVersion = useUpdateReady(updateReady);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {disconnected ? <DisconnectedBanner serverName={serverName(serverUrl)} /> : null}
      {updateVersion ? (
        <UpdateReadyBanner version={updateVersion} onRestart={() => void desktop.installUpdate()} />
      ) : null}
      <WebConsoleShell
        badges={{ [CHAT_PATH]: { count: unread, label: 'unread' } }}
        account={<AccountPanel user={user} serverUrl={serverUrl} settings={settings} onLogOut={onLogOut} />}
      >
        <section hidden={!onChatScreen} className="flex flex-col gap-6">
          <div>
            <h1 className="text-3xl font-bold text-navy-900">Customer Chat</h1>
            <p className="mt-1 text-slate-600">
              Answer visitors live. You are notified of new conversations and messages when the console is in the
              background.
            </p>
          </div>
          <StaffChatConsole {...consoleProps} />
        </section>
        {onChatScreen ? null : <Outlet />}
      </WebConsoleShell>
    </div>
  );
}
