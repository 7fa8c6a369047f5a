import { pricing } from '@travel/contracts';
import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import type { PricingConfig } from './config';
import { createPricingRuleRepository } from './db/pricing-rule.repository';
import { createCreateRule } from './domain/create-rule';
import { createCurrentRates } from './domain/current-rates';
import { createDeleteRule } from './domain/delete-rule';
import { createListRules } from './domain/list-rules';
import { createPriceOffers } from './domain/price-offers';
import { createQuote } from './domain/quote';
import { createUpdateRule } from './domain/update-rule';
import { createPricingGrpc } from './grpc/pricing.grpc';

/** Wires the pricing service by hand: rules repository → use cases → gRPC. Stopped in reverse order. */
export function createPricingService(config: PricingConfig, logger: Logger) {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger });
  const rules = createPricingRuleRepository(mongo.connection);
  const defaultMarginBps = config.DEFAULT_MARGIN_BPS;
  const now = () => new Date();
  const currentRates = createCurrentRates({ rules, defaultMarginBps });
  const pricingGrpc = createPricingGrpc({
    quote: createQuote({ currentRates }),
    priceOffers: createPriceOffers({ currentRates }),
    listRules: createListRules({ rules, defaultMarginBps }),
    createRule: createCreateRule({ rules, now }),
    updateRule: createUpdateRule({ rules, now }),
    deleteRule: createDeleteRule({ rules }),
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [{ definition: pricing.PricingServiceDefinition, implementation: pricingGrpc }],
    healthChecks: { mongodb: mongo.ping },
    logger,
  });
  const components: Component[] = [mongo, grpc];
  return { components, grpc, mongo };
}
