import type { CidrRange } from '@travel/api-keys';
import type { Logger } from '@travel/logger';
import { metricsEnabled } from '@travel/metrics';
import express, { type Express, type RequestHandler } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { AccessDirectory } from './access/access-directory';
import type { CustomerTokenVerifier } from './access/customer-tokens';
import type { KeyFailures } from './access/key-failures';
import type { RateLimits } from './access/rate-limits';
import type { StaffTokenVerifier } from './access/staff-tokens';
import type { TenantViewAudit } from './access/tenant-view-audit';
import type { ServiceClients } from './clients/service-clients';
import type { HealthSnapshot } from './health/health-snapshot';
import { createRouteTable, type RouteDefinition } from './http/route-table';
import { auditTenantViews } from './middleware/audit-tenant-views';
import { authenticateCustomer } from './middleware/authenticate-customer';
import { authenticateKey } from './middleware/authenticate-key';
import { authenticateStaff } from './middleware/authenticate-staff';
import { clientAddress } from './middleware/client-address';
import { consoleIpRules } from './middleware/console-ip-rules';
import { consoleProxy } from './middleware/console-proxy';
import { cors } from './middleware/cors';
import { errorHandler } from './middleware/error-handler';
import { httpMetrics } from './middleware/http-metrics';
import { inSequence } from './middleware/in-sequence';
import { ipAllowList } from './middleware/ip-allow-list';
import { jsonBody, jsonBodyErrors } from './middleware/json-body';
import { keyFailureLimit } from './middleware/key-failure-limit';
import { matchRoute } from './middleware/match-route';
import { notFound } from './middleware/not-found';
import { platformSwitches } from './middleware/platform-switches';
import { publicRateLimit } from './middleware/public-rate-limit';
import { rateLimit } from './middleware/rate-limit';
import { recordUsage } from './middleware/record-usage';
import { DEFAULT_REQUEST_BUDGET_MS, requestBudget } from './middleware/request-budget';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import { requireScope } from './middleware/require-scope';
import { requireStaffAccess } from './middleware/require-staff-access';
import { requireTenantLink } from './middleware/require-tenant-link';
import { securityHeaders } from './middleware/security-headers';
import { storefrontSwitch } from './middleware/storefront-switch';
import { traceRequest } from './middleware/trace-request';
import { bodyRequired, type OpenApiDocuments } from './openapi/documents';
import { apiKeyRoutes } from './routes/api-access';
import { billingRoutes } from './routes/billing';
import { adminBookingRoutes } from './routes/bookings/admin-bookings.routes';
import { staffBookingQuoteRoutes } from './routes/bookings/staff-booking-quotes.routes';
import { contentRoutes } from './routes/content';
import { corporateRoutes } from './routes/corporate/corporate.routes';
import { DOCS_ASSETS_PATH, docsRoutes } from './routes/docs.routes';
import { engagementRoutes } from './routes/engagement';
import { healthRoutes } from './routes/health.routes';
import { jwksRoutes } from './routes/jwks.routes';
import { partnerRoutes } from './routes/partner';
import { platformRoutes } from './routes/platform';
import { pricingAdminRoutes } from './routes/pricing/pricing.routes';
import { promotionRoutes } from './routes/promotions/promotions.routes';
import { reportRoutes } from './routes/reports/reports.routes';
import { staffRoutes } from './routes/staff';
import { customerRoutes } from './routes/storefront/customer-routes';
import { paymentWebhookRoutes } from './routes/storefront/payment-webhooks.routes';
import { shopRoutes } from './routes/storefront/shop-routes';
import { supplyRoutes } from './routes/supply';
import type { RequestLogRecorder } from './usage/request-log-recorder';
import type { UsageRecorder } from './usage/usage-recorder';

export interface AppDeps {
  logger: Logger;
  clients: ServiceClients;
  /** The platform report, made in the background (health/health-snapshot.ts). */
  health: Pick<HealthSnapshot, 'current'>;
  /** True from SIGTERM: readiness answers 503 while the listener drains (http/drain.ts). */
  isDraining?: () => boolean;
  documents: OpenApiDocuments;
  now: () => Date;
  directory: AccessDirectory;
  rateLimits: RateLimits;
  /** Failed key authentications per client address (KEY_FAILURES_PER_ADDRESS). */
  keyFailures: KeyFailures;
  staffTokens: StaffTokenVerifier;
  customerTokens: CustomerTokenVerifier;
  /** Platform staff's reads of one tenant, audited once per member, tenant and window (docs/access.md). */
  tenantViews: TenantViewAudit;
  usage: UsageRecorder;
  /** The request log's recorder; absent when REQUEST_LOG_ENABLED is false. */
  requestLog?: RequestLogRecorder | undefined;
  trustedProxies: readonly CidrRange[];
  signInAttemptsPerMinute: number;
  customerSignInPerAddressPerMinute: number;
  storefrontSearchesPerMinute: number;
  publicIntakePerMinute: number;
  /** `HSTS_MAX_AGE_SECONDS` when `PUBLIC_TLS`, else null; `CORS_ALLOWED_ORIGINS`. */
  hstsMaxAgeSeconds: number | null;
  corsAllowedOrigins: readonly string[];
  /** REQUEST_BUDGET_MS: how long a request may take, every service call in it included. */
  requestBudgetMs: number;
  /** CONSOLE_URL: the partner console's web server, answering `/console/*`; absent: no console here. */
  consoleUrl?: string | undefined;
}

/** Every route the gateway serves; access checks, the 405 check and the OpenAPI coverage test read this list. */
export function allRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    ...healthRoutes(deps),
    ...jwksRoutes(deps),
    ...docsRoutes(deps.documents),
    ...partnerRoutes(deps),
    ...staffRoutes(deps),
    ...platformRoutes(deps),
    ...apiKeyRoutes(deps),
    ...pricingAdminRoutes(deps),
    ...billingRoutes(deps),
    ...adminBookingRoutes(deps),
    ...staffBookingQuoteRoutes(deps),
    ...contentRoutes(deps),
    ...supplyRoutes(deps),
    ...corporateRoutes(deps),
    ...customerRoutes(deps),
    ...shopRoutes(deps),
    ...paymentWebhookRoutes(deps),
    ...promotionRoutes(deps),
    ...reportRoutes(deps),
    ...engagementRoutes(deps),
  ];
}

/** The access checks, in the order they run (docs/access.md). Each passes routes not of its kind. */
export interface AccessChain {
  clientAddress: RequestHandler;
  /** Platform-wide gates by path: the console IP rules on `/api/admin/*`, the storefront switch. */
  platform: RequestHandler[];
  /** Per-address limits of public write routes. */
  public: RequestHandler[];
  partner: RequestHandler[];
  staff: RequestHandler[];
  customer: RequestHandler[];
}

export function accessChain(deps: AppDeps): AccessChain {
  return {
    clientAddress: clientAddress(deps.trustedProxies, deps.logger),
    platform: [consoleIpRules(deps.directory), storefrontSwitch(deps.directory)],
    public: [publicRateLimit(deps.rateLimits)],
    partner: [
      recordUsage(deps.usage, deps.requestLog),
      keyFailureLimit(deps.keyFailures),
      authenticateKey(deps.directory, deps.now, deps.keyFailures),
      ipAllowList,
      platformSwitches(deps.directory),
      requireScope,
      rateLimit(deps.rateLimits, deps.directory),
      requireTenantLink,
    ],
    staff: [
      authenticateStaff(deps.staffTokens, deps.directory),
      requireStaffAccess,
      auditTenantViews(deps.tenantViews),
    ],
    customer: [authenticateCustomer(deps.customerTokens, deps.directory)],
  };
}

/** The gateway: the chain of `assembleApp` around every route, plus the docs page assets. */
export function createApp(deps: AppDeps): Express {
  const routes = allRoutes(deps).map((route) => ({
    ...route,
    bodyRequired: bodyRequired(deps.documents, route.method, route.path),
  }));
  return assembleApp(deps.logger, routes, accessChain(deps), {
    edge: [securityHeaders({ hstsMaxAgeSeconds: deps.hstsMaxAgeSeconds }), cors(deps.corsAllowedOrigins)],
    requestBudgetMs: deps.requestBudgetMs,
    // Versioned files of swagger-ui-dist, no secrets: a browser may keep them for a day.
    mountStatic: (app) => {
      app.use(DOCS_ASSETS_PATH, express.static(getAbsoluteFSPath(), { index: false, maxAge: '1d' }));
      // The partner console's pages (docs/console.md): its own process, the same origin as the APIs.
      if (deps.consoleUrl) app.use(consoleProxy(deps.consoleUrl, deps.logger));
    },
  });
}

export interface AssembleOptions {
  /** Headers on every answer and the CORS check; by default the safe ones (no HSTS, no origin allowed). */
  edge?: RequestHandler[];
  mountStatic?: (app: Express) => void;
  /** Each request's budget unless its route has its own; by default REQUEST_BUDGET_MS's. */
  requestBudgetMs?: number;
}

/**
 * The middleware chain, in one visible order: request id → client address → trace span → log → metrics →
 * security headers → CORS (answers preflights) → docs assets → route → budget → platform
 * gates (console IP rules, storefront switch) → public limits → partner checks (failed-key limit → authenticate →
 * IP allow-list →
 * platform switches → scope → rate limit → tenant link), staff checks (authenticate → access → a platform
 * member's view of a tenant audited) or customer checks → body → route →
 * not found → error handler. Middleware tests assemble it around their own routes, so they exercise
 * exactly this order.
 */
export function assembleApp(
  logger: Logger,
  routeList: RouteDefinition[],
  access: AccessChain | undefined,
  options: AssembleOptions = {},
): Express {
  const {
    edge = [securityHeaders({ hstsMaxAgeSeconds: null }), cors([])],
    mountStatic,
    requestBudgetMs = DEFAULT_REQUEST_BUDGET_MS,
  } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const routes = createRouteTable(routeList);

  // One router layer per run of steps (in-sequence.ts): the order is exactly the one listed.
  app.use(
    inSequence([
      requestId(logger),
      // Before the log and the edge's answers (preflights, unknown paths), so every request line names its client.
      ...(access ? [access.clientAddress] : []),
      traceRequest(),
      requestLog(logger),
      ...(metricsEnabled() ? [httpMetrics()] : []),
      ...edge,
    ]),
  );
  mountStatic?.(app);
  app.use(
    inSequence([
      matchRoute(routes),
      requestBudget(requestBudgetMs),
      ...(access
        ? [...access.platform, ...access.public, ...access.partner, ...access.staff, ...access.customer]
        : []),
      ...jsonBody(),
    ]),
  );
  app.use(jsonBodyErrors);
  const router = express.Router();
  routes.register(router);
  app.use(router);
  app.use(notFound(routes));
  app.use(errorHandler);
  return app;
}
