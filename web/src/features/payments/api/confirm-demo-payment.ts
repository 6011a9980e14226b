import type { DemoCardInput, DemoConfirmResponse } from '@shared/schemas/payments';
import { apiJson } from '@/lib/api-client';

/** The demo provider's confirmation; a decline is an ApiError (402) carrying the decline message. */
export function confirmDemoPayment(clientSecret: string, card: DemoCardInput): Promise<DemoConfirmResponse> {
  return apiJson<DemoConfirmResponse>('POST', '/api/demo-payments/confirm', { clientSecret, card });
}
