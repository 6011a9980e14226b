import { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '@shared/site/routes';
import { getQueryFn } from './api-client';

/** Spec §9: data never stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Puts API answers the page was rendered from into the cache under their
 * default-query keys (`['/api/products']`), so the page shows them without
 * fetching (docs/decisions/090-live-pages-rendered-from-current-data.md).
 */
export function seedQueries(queryClient: QueryClient, data: Record<string, unknown>): void {
  for (const [apiPath, answer] of Object.entries(data)) queryClient.setQueryData([apiPath], answer);
}

/** The answers a live page carries in its `<script type="application/json">` element, if any. */
export function readPageData(doc: Document): Record<string, unknown> {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
