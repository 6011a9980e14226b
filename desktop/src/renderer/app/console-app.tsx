import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import type { ConsoleState } from '../../common/ipc-channels';
import { ConnectScreen } from '../components/connect-screen';
import { consoleRoutes } from './console-routes';

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
