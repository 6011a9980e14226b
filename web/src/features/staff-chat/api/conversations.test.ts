import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatConversation } from '@shared/schemas/chat';
import { configureApiClient } from '@/lib/api-client';
import { conversationsQueryKey, flattenConversations, matchesFilters, upsertConversation } from './conversations';

const conversation = (unreadCount: number): ChatConversation => ({
  id: 'c1',
  visitorName: 'Ada',
  visitorEmail: null,
  status: 'active',
  unreadCount,
  lastMessageAt: unreadCount > 0 ? '2026-11-26T12:00:01.000Z' : null,
  createdAt: '2026-11-26T12:00:00.000Z',
  closedAt: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upsertConversation', () => {
  it('keeps a live change that arrives while the list is being fetched: the list is read again after it', async () => {
    // The server's list as it was read: before the visitor's message for the first request, after it for the next.
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const answers = [
      async () => {
        await firstAnswered;
        return Response.json([conversation(0)]);
      },
      async () => Response.json([conversation(1)]),
    ];
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return answers[requests.length - 1]!();
    });
    configureApiClient({ baseUrl: '' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: conversationsQueryKey,
      queryFn: async () => {
        const res = await fetch(`/api/chat/conversations?limit=50`);
        return { conversations: (await res.json()) as ChatConversation[], next: null };
      },
      initialPageParam: null as string | null,
      getNextPageParam: () => null,
    });
    const unsubscribe = observer.subscribe(() => {});

    // The live feed: the visitor's message arrives while the first read is on its way.
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    upsertConversation(queryClient, conversation(1));
    answerFirst();

    await vi.waitFor(() => {
      const data = queryClient.getQueryData<InfiniteData<{ conversations: ChatConversation[] }>>(conversationsQueryKey);
      expect(flattenConversations(data as never).map((c) => c.unreadCount)).toEqual([1]);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(requests).toHaveLength(2);
    unsubscribe();
    queryClient.clear();
  });
});

describe('matchesFilters with a service-level filter (as the API’s ?sla=)', () => {
  it('keeps open chats in that state only', () => {
    const chat = { ...conversation(0), slaState: 'at_risk' as const };
    expect(matchesFilters(chat, { sla: 'at_risk' })).toBe(true);
    expect(matchesFilters(chat, { sla: 'breached' })).toBe(false);
    expect(matchesFilters({ ...chat, slaState: 'breached' }, { sla: 'breached' })).toBe(true);
    expect(matchesFilters({ ...chat, slaState: 'breached', status: 'closed' }, { sla: 'breached' })).toBe(false);
    expect(matchesFilters({ ...chat, slaState: 'on_track' }, { sla: 'at_risk' })).toBe(false);
    expect(matchesFilters(chat, {})).toBe(true);
  });
});
