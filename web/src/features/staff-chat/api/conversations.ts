import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { conversationActivity, type ChatConversation, type ChatStatus } from '@shared/schemas/chat';
import type { SlaFilter } from '@shared/schemas/sla-states';
import type { Priority } from '@shared/schemas/support';
import { apiRequest } from '@/lib/api-client';

/** Every conversation list's key starts so; the unfiltered list (badges, catch-up) is exactly this. */
export const conversationsQueryKey = ['/api/chat/conversations'] as const;
const PAGE_SIZE = 50;

/** What the console's list shows (issue 26): open or closed, whose, how urgent, matching some text. */
export interface ConversationFilters {
  status?: ChatStatus;
  /** A staff member's id, or `none` (unassigned). */
  assigneeId?: string;
  priority?: Priority;
  q?: string;
  /** Open chats at risk of missing, or past, their first-response target (decision 192). */
  sla?: SlaFilter;
}

const keyOf = (filters: ConversationFilters) =>
  Object.values(filters).some(Boolean) ? ([...conversationsQueryKey, filters] as const) : conversationsQueryKey;

/** Whether a conversation belongs in a list with these filters; null when the list must ask the server (text). */
export function matchesFilters(conversation: ChatConversation, filters: ConversationFilters): boolean | null {
  if (filters.q) return null;
  if (filters.status && conversation.status !== filters.status) return false;
  if (filters.priority && conversation.priority !== filters.priority) return false;
  // As the API's ?sla=: open chats in that state only.
  if (filters.sla && (conversation.status !== 'active' || conversation.slaState !== filters.sla)) return false;
  if (filters.assigneeId === 'none' && conversation.assignee) return false;
  if (filters.assigneeId && filters.assigneeId !== 'none' && conversation.assignee?.id !== filters.assigneeId) {
    return false;
  }
  return true;
}

interface ConversationPage {
  conversations: ChatConversation[];
  /** The X-Next-Cursor header: where the next (older) page starts. */
  next: string | null;
}

async function fetchPage(before: string | null, filters: ConversationFilters): Promise<ConversationPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (before) query.set('before', before);
  const res = await apiRequest('GET', `/api/chat/conversations?${query.toString()}`);
  return { conversations: (await res.json()) as ChatConversation[], next: res.headers.get('X-Next-Cursor') };
}

/** GET /api/chat/conversations (staff), newest activity first, filtered, a page at a time. */
export function useConversations(filters: ConversationFilters = {}) {
  return useInfiniteQuery({
    queryKey: keyOf(filters),
    queryFn: ({ pageParam }) => fetchPage(pageParam, filters),
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
 * A conversation changed (live feed, or our own change): in every list, replace it where it is, add it on top
 * where it now belongs, or take it out where it no longer does. A list being
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
  for (const query of queryClient.getQueryCache().findAll({ queryKey: conversationsQueryKey })) {
    // Only the lists: the key alone, or with its filters (other queries may share the prefix).
    const second = query.queryKey[1];
    if (query.queryKey.length > 2 || (second !== undefined && (typeof second !== 'object' || second === null))) {
      continue;
    }
    const filters = (second ?? {}) as ConversationFilters;
    const matches = matchesFilters(conversation, filters);
    if (matches === null) {
      // A text search: only the server knows whether it still matches.
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    queryClient.setQueryData<InfiniteData<ConversationPage>>(query.queryKey, (data) => {
      if (!data || !Array.isArray(data.pages)) return data;
      let found = false;
      const pages = data.pages.map((page) => ({
        ...page,
        conversations: page.conversations.flatMap((c) => {
          if (c.id !== conversation.id) return [c];
          found = true;
          // A conversation that no longer fits the list (closed, given to someone else…) leaves it.
          return matches ? [conversation] : [];
        }),
      }));
      if (!found && matches && pages[0]) {
        pages[0] = { ...pages[0], conversations: [conversation, ...pages[0].conversations] };
      }
      return { ...data, pages };
    });
  }
}
