import type { Knex } from 'knex';
import type { Config } from '../../config';
import { consumeRateLimit } from '../../middleware/rate-limit';

const TOO_MANY_PAYMENTS = 'Too many payment attempts. Please wait a while and try again.';

/**
 * Counts one payment attempt against the user's hourly allowance
 * (PAYMENT_LIMIT_PER_HOUR): a checkout, the consultation, or a subscription
 * change all draw on the same one. Throws 429 once it is used up.
 */
export function consumePaymentAttempt(db: Knex, config: Pick<Config, 'rateLimits'>, userId: string): Promise<void> {
  return consumeRateLimit(db, `payment:user:${userId}`, config.rateLimits.paymentIntentsPerUser, TOO_MANY_PAYMENTS);
}
