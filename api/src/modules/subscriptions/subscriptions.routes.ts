import Router from '@koa/router';
import { cancelSubscriptionSchema, createSubscriptionSchema, NO_SUBSCRIPTION } from '@shared/schemas/subscriptions';
import type { AppDeps } from '../../app-deps';
import { uuid } from '@shared/schemas/text';
import { NotFound, ServiceUnavailable } from '../../errors';
import { optionalUser, requireUser, userOf } from '../../middleware/current-user';
import { validate } from '../../middleware/validate';
import { consumePaymentAttempt } from '../payments/payment-rate-limit';
import type { SubscriptionProvider } from './subscription-provider';
import {
  cancelSubscription,
  listActivePlans,
  planForUser,
  subscribe,
  subscriptionStatus,
  toSubscriptionPlan,
  type SubscriptionDeps,
} from './subscriptions.service';

const NOT_CONFIGURED = 'The subscription system is not configured.';

/** `provider` is the app's subscription provider (payment-wiring.ts); null when payments are not configured. */
export function subscriptionsRoutes({ db, config, logger }: AppDeps, provider: SubscriptionProvider | null): Router {
  const deps: SubscriptionDeps | null = provider ? { db, provider, logger } : null;
  const router = new Router();

  router.get('/api/subscription-plans', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await listActivePlans(db)).map(toSubscriptionPlan);
  });

  // One plan: an offered one, or (signed in) one made for the client's quote (decision 201); 404 otherwise.
  router.get('/api/subscription-plans/:id', optionalUser, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    const id = ctx.params.id ?? '';
    const plan = uuid.safeParse(id).success ? await planForUser(db, id, ctx.state.user?.id ?? null) : undefined;
    if (!plan) throw new NotFound('This plan does not exist or is no longer offered.');
    ctx.body = toSubscriptionPlan(plan);
  });

  router.get('/api/subscription-status', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = deps ? await subscriptionStatus(deps, userOf(ctx)) : NO_SUBSCRIPTION;
  });

  router.post('/api/create-subscription', requireUser, validate({ body: createSubscriptionSchema }), async (ctx) => {
    const user = userOf(ctx);
    const { planId } = ctx.state.input.body;
    if (!deps) throw new ServiceUnavailable(NOT_CONFIGURED);
    // Subscription changes count against the same hourly allowance as other payments.
    await consumePaymentAttempt(db, config, user.id);
    const result = await subscribe(deps, user, planId);
    ctx.status = result.outcome === 'payment_required' ? 201 : 200;
    ctx.body = result;
  });

  router.post('/api/cancel-subscription', requireUser, validate({ body: cancelSubscriptionSchema }), async (ctx) => {
    const user = userOf(ctx);
    if (!deps) throw new ServiceUnavailable(NOT_CONFIGURED);
    await consumePaymentAttempt(db, config, user.id);
    ctx.body = await cancelSubscription(deps, user);
  });

  return router;
}
