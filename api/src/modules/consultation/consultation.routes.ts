import type { Middleware } from 'koa';
import { consultationRequestSchema } from '@shared/schemas/payments';
import type { AppDeps } from '../../app-deps';
import { userOf } from '../../middleware/current-user';
import { validated } from '../../middleware/validate';
import type { PaymentProvider } from '../payments/payment-provider';
import { startConsultationPayment } from './consultation.service';

/**
 * Booking the paid consultation, the consultation kind of
 * POST /api/create-payment-intent (the amount and description the spec
 * sends; the price is the server's). payments.routes.ts owns that URL: it
 * checks the user, the kind, the provider and the payment allowance, then
 * hands bookings to this step (given it by api/src/payment-wiring.ts).
 */
export function consultationBookingRoute({ db, logger }: AppDeps, provider: PaymentProvider): Middleware {
  return validated({ body: consultationRequestSchema }, async (ctx) => {
    const { topic, preferredTimes } = ctx.state.input.body;
    ctx.status = 201;
    ctx.body = await startConsultationPayment({ db, provider, logger }, userOf(ctx), {
      topic: topic ?? null,
      preferredTimes,
    });
  });
}
