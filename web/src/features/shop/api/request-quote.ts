import { useMutation } from '@tanstack/react-query';
import type { QuoteRequestInput } from '@shared/schemas/quotes';
import { apiRequest } from '@/lib/api-client';

/** The body of a quote request from the cart: who asks, and the cart's products by id and quantity — never a price. */
export function quoteRequestBody(
  contact: { name: string; email: string; phone: string; company: string; message: string },
  items: ReadonlyArray<{ id: string; quantity: number }>,
): QuoteRequestInput {
  return {
    name: contact.name,
    email: contact.email,
    ...(contact.phone.trim() ? { phone: contact.phone } : {}),
    ...(contact.company.trim() ? { company: contact.company } : {}),
    message: contact.message,
    ...(items.length > 0 ? { items: items.map(({ id, quantity }) => ({ id, quantity })) } : {}),
  };
}

/** POST /api/quote-requests → 201: staff see it among the enquiries, marked as a quote request. */
export function useRequestQuote() {
  return useMutation({
    mutationFn: async (body: QuoteRequestInput) => {
      await apiRequest('POST', '/api/quote-requests', body);
    },
  });
}
