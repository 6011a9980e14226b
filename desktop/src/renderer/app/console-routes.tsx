import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/app/route-error';
import { routes as webRoutes } from '@/app/router';
import { TWO_FACTOR_PAGE } from '@shared/schemas/two-factor';
import type { ConsoleState } from '../../common/ipc-channels';
import { CHAT_PATH } from '../hooks/use-console-chat';
import { SessionGate } from './session-gate';

/**
 * The web app's staff console screens, as its router lists them below /admin
 * (web/src/app/router.tsx; a screen added there appears here too). All but
 * the chat are used as they are; the chat screen is the desktop's own chat,
 * which the shell keeps mounted on every screen so its socket and
 * notifications carry on (decision 135), so its route draws nothing itself.
 */
export function webConsoleScreens(): RouteObject[] {
  const admin = webRoutes.find((route) => route.path === '/admin');
  if (!admin?.children) throw new Error('The web router has no /admin console routes');
  return admin.children.map((screen) => (screen.path === 'chat' ? { path: 'chat', element: null } : screen));
}

/**
 * The gate (and the shell and chat socket under it) is one layout route that
 * stays mounted while the screen below it changes; any other path opens the chat.
 */
export function consoleRoutes(state: ConsoleState & { serverUrl: string }): RouteObject[] {
  return [
    {
      element: <SessionGate state={state} />,
      children: [
        { path: '/admin', errorElement: <RouteError />, children: webConsoleScreens() },
        // The web's two-factor page (linked from the console's Your account screen): an admin sets it up here too.
        {
          path: TWO_FACTOR_PAGE,
          errorElement: <RouteError />,
          lazy: async () => ({ Component: (await import('@/app/routes/account-two-factor')).Component }),
        },
        { path: '*', element: <Navigate to={CHAT_PATH} replace /> },
      ],
    },
  ];
}
