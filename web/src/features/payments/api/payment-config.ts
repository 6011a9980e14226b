import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isValidPublishableKey, type PaymentConfig } from '@shared/payments';
import { apiJson } from '@/lib/api-client';

const paymentConfigQuery = {
  queryKey: ['/api/payment-config'] as const,
  queryFn: () => apiJson<PaymentConfig>('GET', '/api/payment-config'),
};

export type ReadyPaymentConfig = Exclude<PaymentConfig, { provider: 'none' }>;

/** Spec §5: Stripe needs a publishable key starting with pk_; anything else is "not configured". */
export function readyConfig(config: PaymentConfig | undefined): ReadyPaymentConfig | null {
  if (!config || config.provider === 'none') return null;
  if (config.provider === 'stripe' && !isValidPublishableKey(config.publishableKey)) return null;
  return config;
}

/** Which payment form to show (Stripe, the demo form, or "not configured"). */
export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}

/** The same, fetched on demand (the consultation card asks only when someone books). */
export function fetchPaymentConfig(queryClient: QueryClient): Promise<PaymentConfig> {
  return queryClient.fetchQuery(paymentConfigQuery);
}
