import { EnquiriesScreen } from '@/features/enquiries/components/enquiries-screen';

/** /admin/enquiries in the console (the console layout admits staff only). */
export function Component() {
  return <EnquiriesScreen />;
}
