/**
 * Staff roles and what each may do (issue 24). The server decides with these
 * (api/src/middleware/current-user.ts requirePermission); the console only
 * hides what a role may not use.
 */
export const staffRoles = ['admin', 'support', 'sales', 'fulfilment'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What `user:create --role` and `user:role` take: a staff role, or a client account. `staff` means admin. */
export const accountRoles = [...staffRoles, 'client'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const permissions = {
  chat: 'answer live chats',
  'enquiries.read': 'read enquiries',
  'enquiries.reply': 'reply to, convert and close enquiries',
  'service_requests.work': 'work on service requests and consultations (reply, note, assign, status)',
  'customers.read': 'read customers',
  'customers.password_reset': "send a customer's password reset",
  'orders.read': 'read orders',
  'orders.fulfil': 'fulfil, ship and cancel unpaid orders',
  refunds: 'refund payments and cancel paid orders',
  'catalogue.read': "read the catalogue's products (archived ones too)",
  'catalogue.stock_prices': 'change catalogue stock and prices',
  'catalogue.manage': 'create, rename, describe, archive and picture catalogue products',
  quotes: 'work on quotes',
  'staff.manage': 'manage staff accounts and invitations',
  settings: 'change settings',
  seeding: 'seed the shop',
  outbox: 'read the mail outbox',
  'audit_log.read': 'read the audit log',
  'reports.support': 'open the support report (tickets, chats, service levels, satisfaction)',
  'reports.sales': 'open the sales report (orders, refunds, recurring revenue, quotes)',
} as const satisfies Record<string, string>;
export type Permission = keyof typeof permissions;

const everything = Object.keys(permissions) as Permission[];

export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  admin: everything,
  support: [
    'chat',
    'enquiries.read',
    'enquiries.reply',
    'service_requests.work',
    'customers.read',
    'customers.password_reset',
    'orders.read',
    'reports.support',
  ],
  sales: ['quotes', 'customers.read', 'orders.read', 'enquiries.read', 'enquiries.reply', 'reports.sales'],
  fulfilment: ['orders.read', 'orders.fulfil', 'catalogue.read', 'catalogue.stock_prices'],
};

export function roleMay(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role != null && rolePermissions[role].includes(permission);
}

/** The roles that hold a permission (e.g. who a ticket can be assigned to). */
export function rolesWith(permission: Permission): StaffRole[] {
  return staffRoles.filter((role) => rolePermissions[role].includes(permission));
}

export const staffRoleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  support: 'Support',
  sales: 'Sales',
  fulfilment: 'Fulfilment',
};
