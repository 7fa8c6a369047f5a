import { auditActorOf } from '@travel/audit';
import type { caller as callerContract, pricing } from '@travel/contracts';
import { type RequestContext, requireCallerOf, requireRight, type ServiceImplementation } from '@travel/grpc';
import type { createCreateRule } from '../domain/create-rule';
import type { createDeleteRule } from '../domain/delete-rule';
import type { createListRules } from '../domain/list-rules';
import type { createPriceOffers } from '../domain/price-offers';
import type { EffectiveDefault, PricingRule } from '../domain/pricing-rule';
import type { createQuote } from '../domain/quote';
import type { createRatesInForce } from '../domain/rates-in-force';
import type { createUpdateRule } from '../domain/update-rule';

export interface PricingUseCases {
  quote: ReturnType<typeof createQuote>;
  priceOffers: ReturnType<typeof createPriceOffers>;
  ratesInForce: ReturnType<typeof createRatesInForce>;
  listRules: ReturnType<typeof createListRules>;
  createRule: ReturnType<typeof createCreateRule>;
  updateRule: ReturnType<typeof createUpdateRule>;
  deleteRule: ReturnType<typeof createDeleteRule>;
}

/** The rules are the platform's configuration: its staff with the right `pricing` (fail closed). */
/** Platform staff with the right `pricing`: who they are, and as whom their change is audited. */
function ruleEditorOf(wire: callerContract.Caller | undefined) {
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, 'pricing');
  return { actorUserId: staff.userId, by: auditActorOf(staff) };
}

/**
 * Thin handlers: resolve the caller where rules are read or changed, call one use case (a rule change is stored
 * with its audit entry), encode.
 */
export function createPricingGrpc(
  useCases: PricingUseCases,
): ServiceImplementation<typeof pricing.PricingServiceDefinition, RequestContext> {
  return {
    async quote(request) {
      return { price: await useCases.quote(request) };
    },
    async priceOffers(request) {
      return { prices: await useCases.priceOffers(request) };
    },
    async currentRates(request) {
      return await useCases.ratesInForce(request);
    },
    async listRules(request) {
      ruleEditorOf(request.caller);
      const listing = await useCases.listRules({ limit: request.limit, cursor: request.cursor });
      return {
        rules: listing.rules.map(encodeRule),
        effectiveDefaults: listing.effectiveDefaults.map(encodeRule),
        nextCursor: listing.nextCursor,
      };
    },
    async createRule(request, context) {
      return {
        rule: encodeRule(
          await useCases.createRule({ ...request, ...ruleEditorOf(request.caller) }, context.logger),
        ),
      };
    },
    async updateRule(request, context) {
      return {
        rule: encodeRule(
          await useCases.updateRule({ ...request, ...ruleEditorOf(request.caller) }, context.logger),
        ),
      };
    },
    async deleteRule(request, context) {
      await useCases.deleteRule({ ...request, ...ruleEditorOf(request.caller) }, context.logger);
      return {};
    },
  };
}

/** A stored rule, or a default as a rule without id or timestamps. */
function encodeRule(rule: PricingRule | EffectiveDefault): pricing.PricingRule {
  return {
    id: 'id' in rule ? rule.id : '',
    kind: rule.kind,
    tenantId: rule.tenantId ?? undefined,
    service: rule.service ?? undefined,
    bps: rule.bps,
    createdAt: 'createdAt' in rule ? rule.createdAt : undefined,
    updatedAt: 'updatedAt' in rule ? rule.updatedAt : undefined,
  };
}
