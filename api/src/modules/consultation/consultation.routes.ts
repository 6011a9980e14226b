import type { Middleware } from 'koa';
import { consultationRequestSchema } from '@shared/schemas/payments';
import type { AppDeps } from '../../app-deps';
import { userOf } from '../../middleware/current-user';
import { validated } from '../../middleware/validate';
import type { PaymentProvider } from '../payments/payment-provider';
import { startConsultationPayment } from './consultation.service';

/**
 * Booking the paid consultation: POST /api/create-payment-intent with the
 * amount and description the spec sends (the price is the server's). The
 * shop's checkout shares the URL, so the route itself is registered in
 * api/src/payment-wiring.ts, which checks the user, the provider and the
 * payment allowance, then hands bookings here.
 */
export function consultationBookingRoute({ logger }: AppDeps, provider: PaymentProvider): Middleware {
  return validated({ body: consultationRequestSchema }, async (ctx) => {
    ctx.status = 201;
    ctx.body = await startConsultationPayment({ provider, logger }, userOf(ctx));
  });
}
