import { HttpError } from '../../errors';
import type { Logger } from '../../logger';

/**
 * A payment could not be created at the provider (network, outage, or a
 * request the provider refused). Logged in full; the buyer gets a 502 they
 * can retry.
 */
export function providerUnavailable(err: unknown, logger: Logger): HttpError {
  logger.error({ err }, 'payment provider failed to create a payment');
  return new HttpError(502, 'The payment provider is unavailable. Please try again in a moment.');
}
