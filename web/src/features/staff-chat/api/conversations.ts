import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { conversationActivity, type ChatConversation } from '@shared/schemas/chat';
import { apiRequest } from '@/lib/api-client';

export const conversationsQueryKey = ['/api/chat/conversations'] as const;
const PAGE_SIZE = 50;

interface ConversationPage {
  conversations: ChatConversation[];
  /** The X-Next-Cursor header: where the next (older) page starts. */
  next: string | null;
}

async function fetchPage(before: string | null): Promise<ConversationPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before) query.set('before', before);
  const res = await apiRequest('GET', `/api/chat/conversations?${query.toString()}`);
  return { conversations: (await res.json()) as ChatConversation[], next: res.headers.get('X-Next-Cursor') };
}

/** GET /api/chat/conversations (staff), newest activity first, a page at a time. */
export function useConversations() {
  return useInfiniteQuery({
    queryKey: conversationsQueryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** Every loaded conversation once, newest activity first. */
export function flattenConversations(data: InfiniteData<ConversationPage> | undefined): ChatConversation[] {
  const byId = new Map<string, ChatConversation>();
  for (const page of data?.pages ?? []) for (const c of page.conversations) if (!byId.has(c.id)) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => conversationActivity(b).localeCompare(conversationActivity(a)));
}

/** Visitor messages no staff member has read yet, over every loaded conversation. */
function unreadTotal(conversations: readonly ChatConversation[]): number {
  return conversations.reduce((total, conversation) => total + conversation.unreadCount, 0);
}

/** The unread total of the live conversation list (the desktop console's badge and title). */
export function useUnreadTotal(): number {
  const list = useConversations();
  return unreadTotal(flattenConversations(list.data));
}

/**
 * A conversation changed (live feed, or our own close): replace it where it is, or add it on top. A list being
 * fetched at that moment may have been read before the change and would overwrite it (a visitor's message then
 * never counted as unread): that fetch is dropped and the list read again, after the change.
 */
export function upsertConversation(queryClient: QueryClient, conversation: ChatConversation): void {
  if (queryClient.isFetching({ queryKey: conversationsQueryKey }) > 0) {
    // Cancelled whether or not the list has data yet (a refetch's own `cancelRefetch` leaves a first load running).
    void queryClient
      .cancelQueries({ queryKey: conversationsQueryKey })
      .then(() => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }));
  }
  queryClient.setQueryData<InfiniteData<ConversationPage>>(conversationsQueryKey, (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) => {
        if (c.id !== conversation.id) return c;
        found = true;
        return conversation;
      }),
    }));
    if (!found && pages[0]) pages[0] = { ...pages[0], conversations: [conversation, ...pages[0].conversations] };
    return { ...data, pages };
  });
}
