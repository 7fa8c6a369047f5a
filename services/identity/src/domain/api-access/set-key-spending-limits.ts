import { AppError, badRequest } from '@travel/errors';
import { auditActorOf, entryOf } from '../audit/audit';
import type { StaffActor } from '../staff/staff';
import { tenantScopeOf } from '../staff/tenant-scope';
import type { ApiKeyView, SpendingLimits } from './api-key';
import { findManagedKey, type KeyChangeDeps, keyViewOfOne } from './key-views';
import { spendingLimitsProblems } from './spending-limits';

export interface SetKeySpendingLimitsInput {
  actor: StaffActor;
  id: string;
  /** Replaces both limits; null removes one. */
  limits: SpendingLimits;
}

/**
 * Sets a key's spending limits from either console: platform staff any key, tenant staff only a key of their
 * own tenant's clients (another is `not_found`). Announced like every key change, so every gateway passes the
 * new limits to booking within a second.
 */
export function createSetKeySpendingLimits(deps: KeyChangeDeps) {
  const { keys, revocations, changes, now } = deps;
  return async function setKeySpendingLimits(input: SetKeySpendingLimitsInput): Promise<ApiKeyView> {
    const problems = spendingLimitsProblems(input.limits);
    if (problems.length > 0) throw badRequest(problems);
    const scope = tenantScopeOf(input.actor, undefined);
    const { key, client } = await findManagedKey(deps, input.id);
    if (!scope || (scope.tenantId !== undefined && client.tenantId !== scope.tenantId)) {
      throw new AppError('not_found', 'No such API key.');
    }
    const at = now();
    if ((await keyViewOfOne(key, revocations, at)).status === 'revoked') {
      throw new AppError('conflict', 'A revoked key cannot be changed.');
    }
    const spendingLimits = {
      dailyLimit: input.limits.dailyLimit,
      perBookingLimit: input.limits.perBookingLimit,
    };
    const entry = entryOf(
      {
        ...auditActorOf(input.actor),
        action: 'api_key.spending_limits_set',
        target: { type: 'api_key', id: key.id },
        details: { ...spendingLimits },
      },
      at,
    );
    const updated = await changes.announcing('api_key', key.id, () =>
      keys.update(key.id, { spendingLimits }, entry),
    );
    if (!updated) throw new AppError('not_found', 'No such API key.');
    return keyViewOfOne(updated, revocations, at);
  };
}
