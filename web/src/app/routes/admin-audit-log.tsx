import { AuditLogScreen } from '@/features/audit-log/components/audit-log-screen';

/** /admin/audit-log in the console (the console layout admits staff only; the API, admins only). */
export function Component() {
  return <AuditLogScreen />;
}
