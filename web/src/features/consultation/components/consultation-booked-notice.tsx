import { usePaymentReturn } from '@/features/payments/hooks/use-payment-return';
import { toast } from '@/lib/toast';

/** The return path of a consultation payment; the provider appends its own parameters. */
export const CONSULTATION_RETURN_PATH = '/portal?booked=consultation';

/**
 * On the portal, after the payment provider brings a client back from paying
 * for the consultation: a toast with the outcome, then a clean URL.
 */
export function ConsultationBookedNotice() {
  usePaymentReturn({ param: 'booked', value: 'consultation', cleanPath: '/portal' }, (succeeded) => {
    if (succeeded) {
      toast({
        title: 'Payment Successful',
        description: 'Your consultation is booked. We will contact you within one business day to schedule it.',
      });
    } else {
      toast({ title: 'Payment Failed', description: 'Your payment was not completed.', variant: 'destructive' });
    }
  });
  return null;
}
