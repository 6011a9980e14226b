import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';

/** The return path of a consultation payment; the provider appends its own parameters. */
export const CONSULTATION_RETURN_PATH = '/portal?booked=consultation';

/**
 * On the portal, after the payment provider brings a client back from paying
 * for the consultation: a toast with the outcome, then a clean URL.
 */
export function ConsultationBookedNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const booked = params.get('booked') === 'consultation';
  const status = params.get('redirect_status');
  useEffect(() => {
    if (!booked || !status) return;
    if (status === 'succeeded') {
      toast({
        title: 'Payment Successful',
        description: 'Your consultation is booked. We will contact you within one business day to schedule it.',
      });
    } else {
      toast({ title: 'Payment Failed', description: 'Your payment was not completed.', variant: 'destructive' });
    }
    navigate('/portal', { replace: true });
  }, [booked, status, navigate]);
  return null;
}
