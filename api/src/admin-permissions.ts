import { permissions, rolePermissions, staffRoles, type Permission, type StaffRole } from '@shared/staff-roles';

/**
 * Every /api/admin path and the permission it needs (decision 167): the one
 * table the routes' `requirePermission(...)` must agree with.
 * admin-permissions.test.ts reads the app's router and fails on a route
 * missing here or a row without a route, then calls every row as every role;
 * docs/permissions.md is this table as markdown (the same test compares it).
 *
 * `staff`: any staff role (the dashboard, which shows each role only the
 * counts it may open). `also`: a part of the route that needs more, checked
 * in the handler (403 naming it, nothing changed).
 */
export type AdminAccess = Permission | 'staff';

export interface AdminPath {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  permission: AdminAccess;
  also?: { when: string; permission: Permission };
}

export const adminPaths: readonly AdminPath[] = [
  { method: 'GET', path: '/api/admin/dashboard', permission: 'staff' },
  { method: 'GET', path: '/api/admin/staff-members', permission: 'service_requests.work' },

  { method: 'GET', path: '/api/admin/orders', permission: 'orders.read' },
  { method: 'GET', path: '/api/admin/orders/:id', permission: 'orders.read' },
  {
    method: 'PATCH',
    path: '/api/admin/orders/:id',
    permission: 'orders.fulfil',
    also: { when: 'cancelling a paid order', permission: 'refunds' },
  },
  { method: 'GET', path: '/api/admin/orders/:id/refunds', permission: 'orders.read' },
  { method: 'POST', path: '/api/admin/orders/:id/refunds', permission: 'refunds' },

  { method: 'GET', path: '/api/admin/customers', permission: 'customers.read' },
  { method: 'GET', path: '/api/admin/customers/:id', permission: 'customers.read' },
  { method: 'POST', path: '/api/admin/customers/:id/password-reset', permission: 'customers.password_reset' },

  { method: 'GET', path: '/api/admin/contact-messages', permission: 'enquiries.read' },
  { method: 'GET', path: '/api/admin/enquiries', permission: 'enquiries.read' },
  { method: 'GET', path: '/api/admin/enquiries/:id', permission: 'enquiries.read' },
  { method: 'PATCH', path: '/api/admin/enquiries/:id', permission: 'enquiries.reply' },
  { method: 'POST', path: '/api/admin/enquiries/:id/replies', permission: 'enquiries.reply' },
  { method: 'POST', path: '/api/admin/enquiries/:id/convert', permission: 'enquiries.reply' },

  { method: 'GET', path: '/api/admin/service-requests', permission: 'service_requests.work' },
  { method: 'PATCH', path: '/api/admin/service-requests/:id', permission: 'service_requests.work' },
  { method: 'POST', path: '/api/admin/service-requests/:id/client', permission: 'service_requests.work' },
  { method: 'POST', path: '/api/admin/service-requests/:id/consultation', permission: 'service_requests.work' },

  { method: 'GET', path: '/api/admin/products', permission: 'catalogue.read' },
  { method: 'GET', path: '/api/admin/products/:id', permission: 'catalogue.read' },
  { method: 'POST', path: '/api/admin/products', permission: 'catalogue.manage' },
  {
    method: 'PATCH',
    path: '/api/admin/products/:id',
    permission: 'catalogue.stock_prices',
    also: { when: 'name, category, description or archived', permission: 'catalogue.manage' },
  },
  { method: 'POST', path: '/api/admin/products/:id/image', permission: 'catalogue.manage' },
  // Also open to the ADMIN_TOKEN bearer token (the spec's seeding card), with or without a session.
  { method: 'POST', path: '/api/admin/seed-products', permission: 'seeding' },

  { method: 'GET', path: '/api/admin/outbox', permission: 'outbox' },
  { method: 'GET', path: '/api/admin/outbox/:id', permission: 'outbox' },
  { method: 'GET', path: '/api/admin/outbox/:id/attachments/:attachmentId', permission: 'outbox' },

  { method: 'GET', path: '/api/admin/staff', permission: 'staff.manage' },
  { method: 'PATCH', path: '/api/admin/staff/:id', permission: 'staff.manage' },
  { method: 'POST', path: '/api/admin/staff/:id/2fa/reset', permission: 'staff.manage' },
  { method: 'GET', path: '/api/admin/staff/invitations', permission: 'staff.manage' },
  { method: 'POST', path: '/api/admin/staff/invitations', permission: 'staff.manage' },
  { method: 'DELETE', path: '/api/admin/staff/invitations/:id', permission: 'staff.manage' },

  { method: 'GET', path: '/api/admin/audit-log', permission: 'audit_log.read' },
  { method: 'GET', path: '/api/admin/reports/support', permission: 'reports.support' },
  { method: 'GET', path: '/api/admin/reports/sales', permission: 'reports.sales' },

  { method: 'GET', path: '/api/admin/settings/business-hours', permission: 'settings' },
  { method: 'PUT', path: '/api/admin/settings/business-hours', permission: 'settings' },

  { method: 'GET', path: '/api/admin/customers/:id/invoices', permission: 'orders.read' },
  { method: 'GET', path: '/api/admin/invoices/:id/pdf', permission: 'orders.read' },

  { method: 'GET', path: '/api/admin/quotes', permission: 'quotes' },
  { method: 'POST', path: '/api/admin/quotes', permission: 'quotes' },
  { method: 'GET', path: '/api/admin/quotes/:id', permission: 'quotes' },
  { method: 'PATCH', path: '/api/admin/quotes/:id', permission: 'quotes' },
  { method: 'POST', path: '/api/admin/quotes/:id/send', permission: 'quotes' },
  { method: 'POST', path: '/api/admin/quotes/:id/revise', permission: 'quotes' },
  { method: 'POST', path: '/api/admin/quotes/:id/withdraw', permission: 'quotes' },
  { method: 'GET', path: '/api/admin/quotes/:id/pdf', permission: 'quotes' },
];

/** Whether a role may call a row at all (its `also` part aside). */
export function roleMayCall(role: StaffRole, access: AdminAccess): boolean {
  return access === 'staff' || rolePermissions[role].includes(access);
}

/**
 * The matrix of every admin path and role with the permission each path needs, generated from the table for
 * docs/permissions.md (the test keeps the document equal to it).
 */
export function permissionsMarkdownTable(): string {
  const header = `| method | path | permission | ${staffRoles.join(' | ')} |`;
  const rule = `|---|---|---|${staffRoles.map(() => ':-:').join('|')}|`;
  const cell = (ok: boolean, partly: boolean) => (ok ? (partly ? '✓ (part)' : '✓') : '—');
  const rows = adminPaths.map((row) => {
    const cells = staffRoles.map((role) =>
      cell(
        roleMayCall(role, row.permission),
        row.also !== undefined && !rolePermissions[role].includes(row.also.permission),
      ),
    );
    const needs = row.permission === 'staff' ? 'any staff role' : `\`${row.permission}\``;
    const also = row.also ? `; ${row.also.when}: \`${row.also.permission}\`` : '';
    return `| ${row.method} | \`${row.path}\` | ${needs}${also} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** docs/permissions.md's list of permissions and the roles that hold them. */
export function permissionsMarkdownList(): string {
  const header = `| permission | what it allows | ${staffRoles.join(' | ')} |`;
  const rule = `|---|---|${staffRoles.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(permissions) as Permission[]).map(
    (permission) =>
      `| \`${permission}\` | ${permissions[permission]} | ${staffRoles
        .map((role) => (rolePermissions[role].includes(permission) ? '✓' : '—'))
        .join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
