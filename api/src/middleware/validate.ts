import type { DefaultState, Middleware } from 'koa';
import type { z } from 'zod';

/** The parts of a request a route validates, each with the shared zod schema that defines it. */
interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

/** The parsed parts, typed by their schemas. */
type ValidInput<S extends InputSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

interface ValidatedState<S extends InputSchemas> {
  /** What `validate` parsed: `ctx.state.input.body`, `ctx.state.input.query`. */
  input: ValidInput<S>;
}

/**
 * A route step that parses the request's body and/or query string with the
 * given schemas and hands the typed result to the steps after it as
 * `ctx.state.input`. Invalid input throws the ZodError, which the error
 * handler answers with 400 naming the field; nothing after this step runs.
 *
 *   router.post('/api/contact', validate({ body: enquirySchema }), async (ctx) => {
 *     const message = ctx.state.input.body;
 *   });
 */
export function validate<const S extends InputSchemas>(schemas: S): Middleware<DefaultState & ValidatedState<S>> {
  return async function validateInput(ctx, next) {
    const input: { body?: unknown; query?: unknown } = {};
    if (schemas.body) input.body = schemas.body.parse(ctx.request.body);
    if (schemas.query) input.query = schemas.query.parse(ctx.query);
    ctx.state.input = input as ValidInput<S>;
    await next();
  };
}

/**
 * validate() and the handler after it as one middleware, for a route step
 * that is not registered on a router itself (payments.routes.ts hands
 * POST /api/create-payment-intent to one of two such steps). On a router,
 * list validate() before the handler instead: the router types the input.
 */
export function validated<const S extends InputSchemas>(
  schemas: S,
  handler: Middleware<DefaultState & ValidatedState<S>>,
): Middleware {
  const check = validate(schemas) as Middleware;
  return (ctx, next) => check(ctx, () => (handler as Middleware)(ctx, next));
}
