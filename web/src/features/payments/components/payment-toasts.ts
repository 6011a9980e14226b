import { toast } from '@/lib/toast';

export const FALLBACK_FAILURE = 'Your payment could not be completed. Please try another card.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export function paymentFailed(message: string | null | undefined, title = 'Payment Failed'): void {
  toast({ title, description: message || FALLBACK_FAILURE, variant: 'destructive' });
}

export function paymentNotReady(): void {
  toast({
    title: 'Payment Not Ready',
    description: 'Please wait for the payment form to load.',
    variant: 'destructive',
  });
}

export function unexpectedPaymentError(): void {
  toast({ title: 'Error', description: UNEXPECTED_ERROR, variant: 'destructive' });
}
