import { pricing, search } from '@travel/contracts';
import { createKafka } from '@travel/events';
import {
  createGrpcServer,
  createPeerClient,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createOfferTokenSigner } from '@travel/offer-tokens';
import type { SearchConfig } from './config';
import { createCachedRates, RATES_IN_MEMORY_CAP } from './domain/cached-rates';
import { createFinishOffers } from './domain/finish-offers';
import { createLocalPriceOffers } from './domain/local-prices';
import { SIMULATED_INVENTORY } from './domain/offer-supply';
import { createSearchCars } from './domain/search-cars';
import { createSearchFlights } from './domain/search-flights';
import { createSearchHotels } from './domain/search-hotels';
import { createRateChangesListener } from './events/rate-changes.listener';
import { createLoadRates } from './grpc/pricing.client';
import { createSearchGrpc } from './grpc/search.grpc';

export interface SearchServiceOptions {
  /** The clock of date checks and token expiry; tests pass their own. */
  now?: () => Date;
}

/**
 * Search owns nothing durable: its inventory is a pure function of the query (docs/architecture.md). It prices
 * offers itself from a read model of pricing's rates, dropped by the `pricing.changes` broadcast
 * (docs/decisions/search-and-pricing.md, "Prices"). Its health has no dependency checks: pricing reports its own
 * health, a pricing outage fails only the searches whose rates are not held (503), and a Kafka outage after the
 * start only leaves the rates to the safety-net expiry; neither makes the process unready.
 */
export function createSearchService(
  config: SearchConfig,
  logger: Logger,
  options: SearchServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const pricingClient = createPeerClient(pricing.PricingServiceDefinition, config.PRICING_ADDRESS, {
    caller: 'search',
    deadlineMs: config.PRICING_DEADLINE_MS,
    keepalive: keepaliveOf(config),
    tls: peerTlsOf(config),
  });
  const signer = createOfferTokenSigner({
    privateKeyPem: config.OFFER_TOKEN_PRIVATE_KEY,
    ttlSeconds: config.OFFER_TOKEN_TTL_SECONDS,
    now,
  });
  // Where the offers come from: signed into each token and said by each answer (docs/decisions/sandbox.md).
  const supply = SIMULATED_INVENTORY;
  const kafka = createKafka(config.KAFKA_BROKERS, 'search', logger, config.KAFKA_NAMESPACE, config);
  const rates = createCachedRates({
    load: createLoadRates(pricingClient),
    cap: RATES_IN_MEMORY_CAP,
    ttlMs: config.RATE_CACHE_TTL_MS,
    now: () => performance.now(),
  });
  const rateChanges = createRateChangesListener({
    kafka,
    topicOptions: {
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    },
    dropRates: rates.drop,
    logger,
  });
  const priceOffers = createLocalPriceOffers({ rates });
  const finishOffers = createFinishOffers({ priceOffers, signer, supply });
  const searchGrpc = createSearchGrpc({
    searchFlights: createSearchFlights({ finishOffers, supply, now }),
    searchHotels: createSearchHotels({ finishOffers, supply, now }),
    searchCars: createSearchCars({ finishOffers, supply, now }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'search'),
    services: [{ definition: search.SearchServiceDefinition, implementation: searchGrpc }],
    healthChecks: {},
    logger,
  });
  // The listener joins before gRPC serves, so no change published after the first search goes unheard.
  const components: Component[] = [rateChanges, grpc];
  return { components, grpc, rateChanges };
}
