import { auditActorOf, auditEntry } from '@travel/audit';
import type { supply } from '@travel/contracts';
import type { Counters } from '@travel/mongo';
import type { InsurancePolicyRepository } from '../db/insurance-policy.repository';
import { ownerOf, tenantOfOwner } from './fields';
import {
  checkPolicyFields,
  type InsurancePolicy,
  insurancePolicyIdOf,
  type Price,
  type PricedPolicy,
  premiumPaiseOf,
} from './insurance-policy';
import { readPage } from './page';

/** Pricing's quote of a premium: service `insurance`, the owner's margin (none: the platform's). */
export type QuotePremium = (
  tenantId: string | undefined,
  amountPaise: number,
  requestId: string,
) => Promise<Price>;

export interface PolicyDeps {
  policies: InsurancePolicyRepository;
  counters: Counters;
  quote: QuotePremium;
  now: () => Date;
}

/** Priced when read, so a change of the insurance tax or a margin shows on the next read. */
async function priced(
  quote: QuotePremium,
  policy: InsurancePolicy,
  requestId: string,
): Promise<PricedPolicy> {
  const paise = premiumPaiseOf(policy.coverage, policy.premiumBps);
  const price = await quote(tenantOfOwner(policy.owner), paise, requestId);
  return { policy, premium: Math.floor((paise + 50) / 100), price };
}

export function createCreateInsurancePolicy(deps: PolicyDeps) {
  return async (
    request: supply.CreateInsurancePolicyRequest,
    createdBy: string,
    requestId: string,
  ): Promise<PricedPolicy> => {
    checkPolicyFields(request);
    const n = await deps.counters.next('insurance_policy');
    const policy: InsurancePolicy = {
      id: insurancePolicyIdOf(n),
      n,
      owner: ownerOf(request.tenantId),
      insurer: request.insurer.trim(),
      name: request.name.trim(),
      coverage: request.coverage,
      premiumBps: request.premiumBps,
      description: request.description,
      createdAt: deps.now(),
    };
    const details = { tenantId: request.tenantId ?? null, insurer: policy.insurer, name: policy.name };
    const change = {
      action: 'insurance_policy.created',
      target: { type: 'insurance_policy', id: policy.id },
      details,
    };
    await deps.policies.insert(
      policy,
      createdBy,
      auditEntry(auditActorOf(request.caller), change, policy.createdAt),
    );
    return priced(deps.quote, policy, requestId);
  };
}

export function createListInsurancePolicies(deps: PolicyDeps) {
  return async (request: supply.ListInsurancePoliciesRequest, requestId: string) => {
    const owner = request.allOwners ? undefined : ownerOf(request.tenantId);
    const page = await readPage(request, (before, count) => deps.policies.list(owner, before, count));
    return {
      policies: await Promise.all(page.rows.map((policy) => priced(deps.quote, policy, requestId))),
      nextCursor: page.nextCursor,
    };
  };
}
