import { pricing, search } from '@travel/contracts';
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
import { createFinishOffers } from './domain/finish-offers';
import { SIMULATED_INVENTORY } from './domain/offer-supply';
import { createSearchCars } from './domain/search-cars';
import { createSearchFlights } from './domain/search-flights';
import { createSearchHotels } from './domain/search-hotels';
import { createPriceOffers } from './grpc/pricing.client';
import { createSearchGrpc } from './grpc/search.grpc';

export interface SearchServiceOptions {
  /** The clock of date checks and token expiry; tests pass their own. */
  now?: () => Date;
}

/**
 * Search owns nothing durable: its inventory is a pure function of the query (docs/architecture.md).
 * Its health has no dependency checks: pricing reports its own health, and a pricing outage makes only
 * searches fail (503), not the process unready.
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
  const finishOffers = createFinishOffers({ priceOffers: createPriceOffers(pricingClient), signer, supply });
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
  const components: Component[] = [grpc];
  return { components, grpc };
}
