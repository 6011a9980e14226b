import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { ConsoleState } from '../../common/ipc-channels';
import { ConnectScreen } from '../components/connect-screen';
import { SessionGate } from './session-gate';

/** One route for every path: the gate (and the chat socket under it) stays mounted when the screen changes. */
function consoleRoutes(state: ConsoleState & { serverUrl: string }): RouteObject[] {
  return [{ path: '*', element: <SessionGate state={state} /> }];
}

/** The console page: the first-run screen until a server is chosen, then the staff screens. */
export function ConsoleApp({ initialState }: { initialState: ConsoleState }) {
  const [queryClient] = useState(createQueryClient);
  const { serverUrl } = initialState;
  const [router] = useState(() =>
    serverUrl ? createBrowserRouter(consoleRoutes({ ...initialState, serverUrl })) : null,
  );
  return (
    <QueryClientProvider client={queryClient}>
      {router ? <RouterProvider router={router} /> : <ConnectScreen />}
      <Toaster />
    </QueryClientProvider>
  );
}
