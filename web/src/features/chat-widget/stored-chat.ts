/**
 * What the widget remembers in the browser: the conversation (so a reload or
 * another page finds it again; the server still checks it belongs to this
 * session) and whether the panel was open in this tab. Storage can be
 * unavailable (privacy modes): then nothing is remembered.
 */
const CONVERSATION_KEY = 'northstar.chat.conversation';
const OPEN_KEY = 'northstar.chat.open';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Not remembered; the chat still works for this page.
  }
}

export const storedConversationId = () => read(() => window.localStorage, CONVERSATION_KEY);
export const rememberConversation = (id: string | null) => write(() => window.localStorage, CONVERSATION_KEY, id);
const wasWidgetOpen = () => read(() => window.sessionStorage, OPEN_KEY) === '1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the widget opens: it was open before a reload, or the page was
 * opened from the link in an email of staff replies (?chat=<conversation id>),
 * which is taken from the address bar and remembered (the server still checks
 * the conversation is this session's). Safe to call repeatedly.
 */
export function openedFromLink(): boolean {
  const url = new URL(window.location.href);
  const requested = url.searchParams.get('chat');
  if (requested !== null) {
    url.searchParams.delete('chat');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    if (UUID.test(requested)) {
      rememberConversation(requested);
      rememberWidgetOpen(true);
    }
  }
  return wasWidgetOpen();
}
export const rememberWidgetOpen = (open: boolean) => write(() => window.sessionStorage, OPEN_KEY, open ? '1' : null);
