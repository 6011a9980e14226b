import { TicketsScreen } from '@/features/tickets/components/tickets-screen';

/** /admin/service-requests in the console (the console layout admits staff only). */
export function Component() {
  return <TicketsScreen />;
}
