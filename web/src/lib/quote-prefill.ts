/**
 * "Make a quote" from an enquiry, a service request or a chat: the console's
 * builder opens at /admin/quotes/new with the customer and the source in its
 * query, so any screen can link to it without importing the quotes feature.
 */
export interface QuotePrefill {
  /** A client account; else name, email and company start the new-customer fields. */
  userId?: string | null;
  name?: string | null;
  email?: string | null;
  company?: string | null;
  source: { enquiryId: string } | { serviceRequestId: string } | { conversationId: string };
}

const SOURCE_KEYS = ['enquiryId', 'serviceRequestId', 'conversationId'] as const;

export function newQuoteUrl(prefill: QuotePrefill): string {
  const params = new URLSearchParams();
  const [[sourceKey, sourceId]] = Object.entries(prefill.source) as [[string, string]];
  params.set(sourceKey, sourceId);
  for (const key of ['userId', 'name', 'email', 'company'] as const) {
    const value = prefill[key];
    if (value) params.set(key, value);
  }
  return `/admin/quotes/new?${params.toString()}`;
}

/** The prefill a builder URL carries (null when it names no source); ids are checked by the API. */
export function readQuotePrefill(params: URLSearchParams): QuotePrefill | null {
  const sourceKey = SOURCE_KEYS.find((key) => params.get(key));
  if (!sourceKey) return null;
  const source = { [sourceKey]: params.get(sourceKey)! } as QuotePrefill['source'];
  return {
    userId: params.get('userId'),
    name: params.get('name'),
    email: params.get('email'),
    company: params.get('company'),
    source,
  };
}
