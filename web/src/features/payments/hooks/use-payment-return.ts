import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/**
 * On the page a payment provider brings the browser back to (e.g.
 * `/portal?booked=consultation&redirect_status=succeeded`, after 3-D Secure or
 * a bank page): calls `onReturn` once with whether the payment succeeded, then
 * replaces the URL with `cleanPath`.
 */
export function usePaymentReturn(
  marker: { param: string; value: string; cleanPath: string },
  onReturn: (succeeded: boolean) => void,
): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handler = useRef(onReturn);
  useEffect(() => {
    handler.current = onReturn;
  });
  const returned = params.get(marker.param) === marker.value;
  const status = params.get('redirect_status');
  const { cleanPath } = marker;
  useEffect(() => {
    if (!returned || !status) return;
    handler.current(status === 'succeeded');
    navigate(cleanPath, { replace: true });
  }, [returned, status, cleanPath, navigate]);
}
