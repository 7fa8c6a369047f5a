import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { Counters } from '@travel/mongo';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { type Allocation, type Holder, holderKeyOf } from './allocation';
import { logChange } from './audit';
import { checkKind, type Promotion } from './promotion';

export interface AllocateDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  counters: Counters;
  now: () => Date;
  logger: Logger;
}

export interface AllocateRequest {
  actorUserId: string;
  kind: string;
  promotionId: string;
  holder?: Holder;
}

/** Allocates a promotion to a tenant or a customer, as its audience allows; once per holder. */
export function createAllocate(deps: AllocateDeps) {
  return async (request: AllocateRequest): Promise<Allocation> => {
    const kind = checkKind(request.kind);
    const holderKey = holderKeyOf(request.holder);
    const promotion = await deps.promotions.findById(kind, request.promotionId);
    if (!promotion) throw new AppError('not_found', `No ${kind} ${request.promotionId}.`);
    checkAudience(promotion, holderKey);
    const n = await deps.counters.next('allocation');
    const [type, holderId] = splitHolder(holderKey);
    const allocation: Allocation = {
      id: `alc_${n}`,
      promotionId: promotion.id,
      holderKey,
      ...(type === 'tenant' ? { tenantId: holderId } : { customerId: holderId }),
      createdAt: deps.now(),
    };
    await deps.allocations.insert(kind, allocation);
    logChange(deps.logger, 'allocation.created', request.actorUserId, {
      kind,
      promotion_id: promotion.id,
      allocation_id: allocation.id,
      holder: holderKey,
    });
    return allocation;
  };
}

/** Removes an allocation of this promotion; one of another promotion (or tenant) is `404`. */
export function createRemoveAllocation(deps: Pick<AllocateDeps, 'allocations' | 'logger'>) {
  return async (request: {
    actorUserId: string;
    kind: string;
    promotionId: string;
    allocationId: string;
  }): Promise<{ id: string }> => {
    const kind = checkKind(request.kind);
    if (!(await deps.allocations.delete(request.promotionId, request.allocationId)))
      throw new AppError('not_found', `No allocation ${request.allocationId} of ${request.promotionId}.`);
    logChange(deps.logger, 'allocation.deleted', request.actorUserId, {
      kind,
      promotion_id: request.promotionId,
      allocation_id: request.allocationId,
    });
    return { id: request.allocationId };
  };
}

function checkAudience(promotion: Promotion, holderKey: string): void {
  const [type] = splitHolder(holderKey);
  const wanted = promotion.audience === 'customers' ? 'customer' : 'tenant';
  const allocatable = promotion.audience === 'tenants' || promotion.audience === 'customers';
  if (!allocatable || type !== wanted) {
    const path = type === 'tenant' ? 'tenantId' : 'customerId';
    const message = allocatable
      ? `the ${promotion.kind}'s audience is ${promotion.audience}: allocate it with ${wanted}Id`
      : `the ${promotion.kind}'s audience is ${promotion.audience}, which takes no allocations`;
    throw badRequest([{ path, message }]);
  }
}

export const splitHolder = (holderKey: string): ['tenant' | 'customer', string] => {
  const at = holderKey.indexOf(':');
  return [holderKey.slice(0, at) as 'tenant' | 'customer', holderKey.slice(at + 1)];
};
