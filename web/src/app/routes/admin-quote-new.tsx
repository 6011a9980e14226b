import { NewQuoteScreen } from '@/features/admin-quotes/components/new-quote-screen';

/** /admin/quotes/new in the console (?enquiryId=…|serviceRequestId=…|conversationId=… with the customer). */
export function Component() {
  return <NewQuoteScreen />;
}
