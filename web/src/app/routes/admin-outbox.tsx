import { OutboxScreen } from '@/features/outbox/components/outbox-screen';

/** /admin/outbox in the console (the console layout admits staff only). */
export function Component() {
  return <OutboxScreen />;
}
