import { STATUS_CODES } from 'node:http';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import type { AppDeps } from './app-deps';
import { isApiPath } from './api-path';
import { desktopCors } from './middleware/cors';
import { errorHandler } from './middleware/error-handler';
import { jsonBody } from './middleware/json-body';
import { originCheck } from './middleware/origin-check';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { accountRoutes } from './modules/auth/account.routes';
import { refuseForbiddenUrlText } from './middleware/text-guard';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { productsAdminRoutes } from './modules/catalog/products-admin.routes';
import { productsEndpoint } from './modules/catalog/products-endpoint';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { refundRoutes } from './modules/orders/refunds.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { TICKET_EVENT_OWNER, ticketEventAttachmentAccess } from './modules/tickets/ticket-attachments';
import { INBOUND_EMAIL_OWNER, inboundEmailAttachmentAccess } from './modules/inbound-email/inbound-attachments';
import { sessionMiddleware } from './modules/auth/session';
import { chatRoutes } from './modules/chat/chat.routes';
import { contactRoutes } from './modules/enquiries/contact.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { reportFactsRecount } from './modules/reports/facts-recount';
import { layOutReportClock } from './modules/reports/item-facts';
import { healthCheck } from './modules/health/health';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { inboundEmailRoutes } from './modules/inbound-email/inbound-email.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { invitationRoutes } from './modules/staff/invitations.routes';
import { publicBusinessHoursRoutes } from './modules/settings/public-business-hours.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { cannedRepliesRoutes } from './modules/canned-replies/canned-replies.routes';
import { refreshAllClocks, refreshClientClocks } from './modules/service-levels/clocks';
import { onClientPlanChanged } from './modules/subscriptions/subscription-state';
import { serviceLevelsRoutes } from './modules/service-levels/service-levels.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { surveysRoutes } from './modules/surveys/surveys.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { comingSoonMiddleware } from './modules/site/coming-soon.middleware';
import { devSiteNotice } from './modules/site/dev-site';
import { siteMiddleware } from './modules/site/site.middleware';
import { createLivePages, type LiveSite } from './modules/site/live-pages';
import { publicDataFor } from './modules/site/public-data';
import type { StaticFile } from './modules/site/static-files';
import { paymentWiring } from './payment-wiring';
import { routesByPrefix } from './route-by-prefix';

// A client's plan picks their tickets' service-level targets (decision 192): once per process.
onClientPlanChanged(refreshClientClocks);

interface AppOptions {
  /** The built web app (dist/web) loaded in memory; empty when serving the API only. */
  siteFiles?: ReadonlyMap<string, StaticFile>;
  /** `npm run dev`: the site is Vite's at this URL; pages here only point there. */
  devWebUrl?: string;
  /** The build's live pages (/shop, /pricing), rendered from current data on request; none when absent. */
  liveSite?: LiveSite | null;
}

const appSessions = new WeakMap<Koa, Middleware>();
const appRouters = new WeakMap<Koa, Router>();

/** The session middleware of an app made by createApp: the chat socket loads sessions with it on upgrade. */
export function appSession(app: Koa): Middleware {
  const session = appSessions.get(app);
  if (!session) throw new Error('appSession: this app was not made by createApp');
  return session;
}

/** The one router of an app made by createApp: the permission matrix test reads its routes (admin-permissions.ts). */
export function appRouter(app: Koa): Router {
  const router = appRouters.get(app);
  if (!router) throw new Error('appRouter: this app was not made by createApp');
  return router;
}

/** Every API answer, even a bare 404/405 from the router, carries `{ message }`. */
const jsonErrorBodies: Middleware = async function jsonErrorBodies(ctx, next) {
  await next();
  if (ctx.status >= 400 && ctx.body == null) {
    const status = ctx.status;
    ctx.body = { message: status === 404 ? 'Not found' : (STATUS_CODES[status] ?? 'Error') };
    ctx.status = status;
  }
};

/** Builds the Koa application without listening (tests drive app.callback()). */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  const { config, logger } = deps;
  // The reports' background recount of this pool (decision 210), with this app's logger.
  const reportFacts = reportFactsRecount(deps.db, logger);
  const app = new Koa({ proxy: config.trustProxy, keys: [config.sessionSecret] });
  app.silent = true;

  // Every module's routes, mounted here and only here, in one router; a request is matched only against the routes of
  // its path's first two segments (route-by-prefix.ts).
  // The routes that take or give money are built on one set of providers (payment-wiring.ts, decision 060).
  const payment = paymentWiring(deps);
  const router = new Router();
  for (const moduleRouter of [
    authRoutes(deps),
    accountRoutes(deps),
    twoFactorRoutes(deps),
    sessionsRoutes(deps),
    contactRoutes(deps),
    chatRoutes(deps),
    catalogRoutes(deps),
    productsAdminRoutes(deps),
    ordersRoutes(deps, payment.provider),
    ticketsRoutes(deps),
    // Each kind of owner says who may download its files.
    attachmentRoutes(deps, {
      [TICKET_EVENT_OWNER]: ticketEventAttachmentAccess,
      [INBOUND_EMAIL_OWNER]: inboundEmailAttachmentAccess,
    }),
    outboxRoutes(deps),
    dashboardRoutes(deps),
    adminOrdersRoutes(deps),
    refundRoutes(deps, payment.provider),
    customersRoutes(deps),
    auditLogRoutes(deps),
    reportsRoutes(deps),
    staffRoutes(deps),
    // New business hours move every open service-level clock (decision 192) and lay the reports' business clock out
    // again (207); every item's report facts are counted again in the background, in small batches (210).
    settingsRoutes(deps, {
      businessHoursChanged: async (trx) => {
        await refreshAllClocks(trx);
        await layOutReportClock(trx);
      },
      businessHoursCommitted: () => reportFacts.kick(),
    }),
    publicBusinessHoursRoutes(deps),
    cannedRepliesRoutes(deps),
    serviceLevelsRoutes(deps),
    surveysRoutes(deps),
    invitationRoutes(deps),
    billingRoutes(deps),
    quotesRoutes(deps, payment.provider, payment.subscriptions),
    // POST /api/inbound-email (a mail provider's inbound route) and staff's view of received mail.
    inboundEmailRoutes(deps),
    // POST /api/create-payment-intent (the checkout or the consultation, by kind), the payment config, the demo
    // confirmation and the Stripe webhook.
    paymentsRoutes(deps, payment.payments),
    subscriptionsRoutes(deps, payment.subscriptions),
  ])
    router.use(moduleRouter.routes());
  appRouters.set(app, router);
  const session = sessionMiddleware(app, deps.db, config);
  appSessions.set(app, session);
  const routes = [routesByPrefix(router), router.allowedMethods()] as Middleware[];
  // Reads carry no body and change nothing: no origin check or body parsing to do.
  // Text with a NUL or a lone surrogate is refused here, in the URL and the body alike (decision 070).
  const readApi = compose([jsonErrorBodies, refuseForbiddenUrlText, session, ...routes]);
  const writeApi = compose([
    jsonErrorBodies,
    originCheck(config),
    refuseForbiddenUrlText,
    ...jsonBody(),
    session,
    ...routes,
  ]);

  app.use(requestContext(logger));
  app.use(errorHandler(logger));
  app.use(securityHeaders(config));
  app.use(healthCheck(deps));
  app.use(comingSoonMiddleware(options.siteFiles ?? new Map(), config.publicUrl));
  app.use(productsEndpoint(deps));
  app.use(desktopCors(config.desktopOrigins));
  app.use(function routeApi(ctx, next) {
    if (!isApiPath(ctx.path)) return next();
    // Behind an https PUBLIC_URL the browser's connection is secure even if TLS ends at a proxy.
    if (config.secureCookies) ctx.cookies.secure = true;
    return ctx.method === 'GET' || ctx.method === 'HEAD' ? readApi(ctx, next) : writeApi(ctx, next);
  });
  const livePages = options.liveSite ? createLivePages(options.liveSite, publicDataFor(deps.db), logger) : null;
  app.use(
    options.devWebUrl
      ? devSiteNotice(options.devWebUrl)
      : siteMiddleware(options.siteFiles ?? new Map(), livePages, logger),
  );
  return app;
}
