import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@/lib/api-client';
import { configureChatSocket } from '@/lib/live/chat-socket';
import { chatSocketUrl } from '@shared/chat-socket';
import { ConsoleApp } from './app/console-app';
import { desktop } from './bridge';
import './styles.css';

/**
 * The console page: the web app's staff screens, pointed at the configured
 * server. Requests go without cookies; the main process adds the session's
 * bearer token on the way out (decision 050).
 */
async function start(): Promise<void> {
  const state = await desktop.getState();
  if (state.serverUrl) {
    const serverUrl = state.serverUrl;
    configureApiClient({ baseUrl: serverUrl, credentials: 'omit' });
    configureChatSocket({ url: () => chatSocketUrl(serverUrl) });
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <ConsoleApp initialState={state} />
    </StrictMode>,
  );
}

void start();
