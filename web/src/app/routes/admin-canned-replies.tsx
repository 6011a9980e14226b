import { CannedRepliesScreen } from '@/features/canned-replies/components/canned-replies-screen';

/** /admin/canned-replies in the console (the console layout admits staff only). */
export function Component() {
  return <CannedRepliesScreen />;
}
