import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { PublicUser } from '@shared/schemas/auth';
import { PageContainer } from '@/components/layout/page-container';
import { Button } from '@/components/ui/button';
import { displayName } from '@/features/auth/api/use-user';
import { SeedDatabasePanel } from '@/features/seeding/components/seed-database-panel';
import { StaffChatConsole } from '@/features/staff-chat/components/staff-chat-console';
import { cn } from '@/lib/cn';
import type { ConsoleSettings } from '../../common/ipc-channels';
import { desktop } from '../bridge';
import { CHAT_PATH, useConsoleChat } from '../hooks/use-console-chat';
import { DisconnectedBanner, UpdateReadyBanner } from './console-banner';
import { NotificationSettings } from './notification-settings';
import { serverName } from './screen';

export const ADMIN_PATH = '/admin';

function navClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-3 py-2 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white',
    isActive && 'bg-white/15 text-white',
  );
}

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

/**
 * The console: the web's /admin/chat and /admin screens under one header.
 * The chat stays mounted (hidden) on the /admin screen, so its socket and
 * notifications carry on while an administrator seeds.
 */
export function ConsoleShell({ user, serverUrl, settings, updateReady, onLogOut }: ConsoleShellProps) {
  const onChatScreen = useLocation().pathname !== ADMIN_PATH;
  const { consoleProps, unread, disconnected } = useConsoleChat(onChatScreen);
  const updateVersion = useUpdateReady(updateReady);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {disconnected ? <DisconnectedBanner serverName={serverName(serverUrl)} /> : null}
      {updateVersion ? (
        <UpdateReadyBanner version={updateVersion} onRestart={() => void desktop.installUpdate()} />
      ) : null}
      <header className="bg-navy-900 text-white">
        <PageContainer className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
          <p className="text-lg font-bold">Northstar Staff Console</p>
          <nav aria-label="Console" className="flex gap-1">
            <NavLink to={CHAT_PATH} className={navClass}>
              Customer Chat
              {unread > 0 ? (
                <span className="ml-2 rounded-full bg-white px-2 py-0.5 text-xs text-navy-900">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
            <NavLink to={ADMIN_PATH} end className={navClass}>
              Database Administration
            </NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <span className="text-sm text-white/80">
              {displayName(user)} · {serverName(serverUrl)}
            </span>
            <NotificationSettings initial={settings} />
            <Button variant="outline-inverse" size="sm" onClick={onLogOut}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Log Out
            </Button>
          </div>
        </PageContainer>
      </header>
      <main id="main" className="flex-1">
        <PageContainer className="py-8">
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
          {onChatScreen ? null : <SeedDatabasePanel />}
        </PageContainer>
      </main>
    </div>
  );
}
