import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { createAuditOutbox } from '@travel/audit';
import { AppError } from '@travel/errors';
import { dataBody, errorBody } from '@travel/gateway/dist/http/envelope';
import { validate } from '@travel/gateway/dist/http/validate';
import { presentFlight } from '@travel/gateway/dist/routes/common/offer-presenters';
import { flightSearchBody } from '@travel/gateway/dist/routes/common/partner-contract/operations';
import { createLogger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import { createOfferTokenSigner } from '@travel/offer-tokens';
import { readConfig as readPricingConfig } from '@travel/pricing/dist/config';
import { createPricingRuleRepository } from '@travel/pricing/dist/db/pricing-rule.repository';
import { createCachedRules, RULES_IN_MEMORY_CAP } from '@travel/pricing/dist/domain/cached-rules';
import { createCurrentRates } from '@travel/pricing/dist/domain/current-rates';
import { createPriceOffers } from '@travel/pricing/dist/domain/price-offers';
import { readConfig as readSearchConfig } from '@travel/search/dist/config';
import { createFinishOffers } from '@travel/search/dist/domain/finish-offers';
import { SIMULATED_INVENTORY } from '@travel/search/dist/domain/offer-supply';
import { createSearchFlights } from '@travel/search/dist/domain/search-flights';
import type { Searcher } from '@travel/search/dist/domain/searcher';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { WorkerReady } from './worker-route';

/**
 * The partner flight search in one process: the search service's use case and pricing's pricing code wired as
 * their `service.ts` wire them, pricing's rules read from the same store database as the launched pricing
 * service, behind a bare Express route. No gRPC, no gateway middleware; the body is checked and the offers
 * presented by the gateway's own code, so both answers are the same JSON. Runs in a worker thread
 * (`worker-route.ts`); docs/decisions/bench.md says why this is a fair comparison.
 */
export interface InProcessSearchData {
  /** The environments the launcher gives the search and pricing services of the stack under load. */
  searchEnv: Record<string, string | undefined>;
  pricingEnv: Record<string, string | undefined>;
  /** The benchmark key's client: the offer tokens are bound to it, as the platform's are. */
  searcher: Searcher;
}

function createSearch(data: InProcessSearchData) {
  const searchConfig = readSearchConfig(data.searchEnv);
  const pricingConfig = readPricingConfig(data.pricingEnv);
  const logger = createLogger({ name: 'bench-in-process-search', level: 'warn' });
  // pricing/src/service.ts: rules repository → rules in memory → current rates → PriceOffers.
  const mongo = createMongo({ ...mongoOptionsOf(pricingConfig), logger });
  // Only read here: an outbox no relay drains.
  const rules = createPricingRuleRepository(mongo.connection, createAuditOutbox());
  const cachedRules = createCachedRules({
    loadUpTo: (count) => rules.list(undefined, count),
    store: rules,
    cap: RULES_IN_MEMORY_CAP,
    capReached: () => logger.warn('pricing rules past the in-memory cap: read by slot'),
    ttlMs: pricingConfig.RULE_CACHE_TTL_MS,
    now: () => performance.now(),
  });
  const currentRates = createCurrentRates({
    rules: cachedRules,
    defaultMarginBps: pricingConfig.DEFAULT_MARGIN_BPS,
  });
  const priceOffers = createPriceOffers({ currentRates });
  // search/src/service.ts, with pricing's PriceOffers called directly where its gRPC client was.
  const now = () => new Date();
  const signer = createOfferTokenSigner({
    privateKeyPem: searchConfig.OFFER_TOKEN_PRIVATE_KEY,
    ttlSeconds: searchConfig.OFFER_TOKEN_TTL_SECONDS,
    now,
  });
  const supply = SIMULATED_INVENTORY;
  const finishOffers = createFinishOffers({
    priceOffers: ({ tenantId, service, subtotals }) =>
      priceOffers({ tenantId: tenantId ?? undefined, service, subtotals }),
    signer,
    supply,
  });
  return { mongo, searchFlights: createSearchFlights({ finishOffers, supply, now }) };
}

/** Search takes a request id to pass on to pricing; here there is no pricing call to pass it to. */
const REQUEST_ID = 'bench-in-process';

/** `POST /search/flights` as the gateway's partner route answers it, minus the gRPC call and the pipeline. */
function createApp(
  data: InProcessSearchData,
  searchFlights: ReturnType<typeof createSearch>['searchFlights'],
) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.post('/search/flights', express.json(), async (req, res) => {
    const body = validate(flightSearchBody, req.body);
    const reply = await searchFlights({ ...body, searcher: data.searcher }, REQUEST_ID);
    const onward = reply.onward.map(presentFlight);
    const result = { simulated: true as const, onward };
    res.json(dataBody(reply.roundTrip ? { ...result, return: reply.return.map(presentFlight) } : result));
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (!(error instanceof AppError)) {
      res.status(500).json(errorBody('internal_error', String(error), REQUEST_ID));
      return;
    }
    res.status(error.httpStatus).json(errorBody(error.code, error.message, REQUEST_ID, error.details));
  });
  return app;
}

async function main(): Promise<void> {
  const data = workerData as InProcessSearchData;
  const { mongo, searchFlights } = createSearch(data);
  await mongo.start();
  const server = createApp(data, searchFlights).listen(0, '127.0.0.1', () => {
    parentPort?.postMessage({ port: (server.address() as AddressInfo).port } satisfies WorkerReady);
  });
}

main().catch((error: unknown) => {
  parentPort?.postMessage({ error: String(error) } satisfies WorkerReady);
});
