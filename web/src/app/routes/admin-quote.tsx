import { useParams } from 'react-router-dom';
import { QuoteScreen } from '@/features/admin-quotes/components/quote-screen';

/** /admin/quotes/:id in the console. */
export function Component() {
  const { id = '' } = useParams();
  return <QuoteScreen key={id} id={id} />;
}
