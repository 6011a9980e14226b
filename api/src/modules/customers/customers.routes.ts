import Router from '@koa/router';
import { adminCustomerListQuerySchema } from '@shared/schemas/admin-customers';
import { isUuid } from '@shared/schemas/text';
import type { AppDeps } from '../../app-deps';
import { Conflict, Forbidden, NotFound, TooManyRequests } from '../../errors';
import { requirePermission, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { auditActorOf } from '../audit/audit-log';
import { sendPasswordReset } from '../auth/password-reset.service';
import { User } from '../users/user.model';
import { getCustomer, listCustomers } from './customers.service';

export const STAFF_RESET_REFUSED =
  'This is a staff account, not a customer: it cannot be reset from the console. Its owner can use "Forgot your password?" on the login page.';

/** Customers for staff: the list, one customer, and sending them a password-reset email (decision 103). */
export function customersRoutes({ db, config, logger }: AppDeps): Router {
  const router = new Router();

  router.get(
    '/api/admin/customers',
    requirePermission('customers.read'),
    validate({ query: adminCustomerListQuerySchema }),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await listCustomers(db, ctx.state.input.query);
    },
  );

  router.get('/api/admin/customers/:id', requirePermission('customers.read'), async (ctx) => {
    if (!isUuid(ctx.params.id)) throw new NotFound('Customer not found');
    ctx.set('Cache-Control', 'no-store');
    const staff = userOf(ctx);
    ctx.body = await getCustomer(db, ctx.params.id, (permission) => staff.may(permission));
  });

  // The customer gets the same link as from "Forgot your password?"; staff never see or set a password. Client
  // accounts only: a staff account is not a customer, and one staff member must not be able to send themselves
  // into another's account (decision 153).
  router.post('/api/admin/customers/:id/password-reset', requirePermission('customers.password_reset'), async (ctx) => {
    const user = isUuid(ctx.params.id) ? await User.query(db).findById(ctx.params.id) : undefined;
    if (!user) throw new NotFound('Customer not found');
    if (user.isStaff) throw new Forbidden(STAFF_RESET_REFUSED);
    const outcome = await sendPasswordReset({ db, config, logger }, user, auditActorOf(ctx));
    if (outcome === 'no_email') throw new Conflict('This customer has no email address to send a reset link to.');
    if (outcome === 'too_often') {
      throw new TooManyRequests('Reset links were sent to this customer several times this hour. Please wait.', 3600);
    }
    ctx.status = 202;
    ctx.body = { message: `A password reset link was emailed to ${user.email}.` };
  });

  return router;
}
