import { useParams } from 'react-router-dom';
import { ReceivedEmailScreen } from '@/features/received-email/components/received-email-screen';

/** /admin/inbound-emails/:id in the console: one received email, raw message included. */
export function Component() {
  const { id = '' } = useParams();
  return <ReceivedEmailScreen id={id} />;
}
