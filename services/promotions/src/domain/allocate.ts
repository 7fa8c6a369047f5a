import type { AuditActor } from '@travel/audit';
import { AppError, badRequest } from '@travel/errors';
import type { Counters } from '@travel/mongo';
import type { AllocationRepository } from '../db/allocation.repository';
import type { PromotionRepository } from '../db/promotion.repository';
import { type Allocation, type Holder, holderKeyOf } from './allocation';
import { promotionEntry } from './audit';
import { checkKind, type Promotion } from './promotion';

export interface AllocateDeps {
  promotions: PromotionRepository;
  allocations: AllocationRepository;
  counters: Counters;
  now: () => Date;
}

export interface AllocateRequest {
  by: AuditActor;
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
    const details = {
      allocationId: allocation.id,
      tenantId: allocation.tenantId,
      customerId: allocation.customerId,
    };
    const entry = promotionEntry(request.by, kind, 'allocated', promotion.id, details, allocation.createdAt);
    await deps.allocations.insert(kind, allocation, entry);
    return allocation;
  };
}

/** Removes an allocation of this promotion; one of another promotion (or tenant) is `404`. */
export function createRemoveAllocation(deps: Pick<AllocateDeps, 'allocations' | 'now'>) {
  return async (request: {
    by: AuditActor;
    kind: string;
    promotionId: string;
    allocationId: string;
  }): Promise<{ id: string }> => {
    const kind = checkKind(request.kind);
    const details = { allocationId: request.allocationId };
    const entry = promotionEntry(
      request.by,
      kind,
      'allocation_removed',
      request.promotionId,
      details,
      deps.now(),
    );
    if (!(await deps.allocations.delete(request.promotionId, request.allocationId, entry)))
      throw new AppError('not_found', `No allocation ${request.allocationId} of ${request.promotionId}.`);
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
