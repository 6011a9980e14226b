import { toast } from '@/lib/toast';

export function paymentFailed(message: string | null | undefined, title = 'Payment Failed'): void {
  toast({
    title,
    description: message || 'Your payment could not be completed. Please try another card.',
    variant: 'destructive',
  });
}

export function paymentNotReady(): void {
  toast({
    title: 'Payment Not Ready',
    description: 'Please wait for the payment form to load.',
    variant: 'destructive',
  });
}

export function unexpectedPaymentError(): void {
  toast({ title: 'Error', description: 'An unexpected error occurred', variant: 'destructive' });
}
