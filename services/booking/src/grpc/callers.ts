import type { caller as callerContract } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { requireCallerOf } from '@travel/grpc';
import type { Owner } from '../domain/booking';
import type { KeySpender } from '../domain/key-spending';

type Wire = callerContract.Caller | undefined;

/**
 * The partner a call acts for, from the gateway's verified key (fail closed: any other caller is refused).
 * Bookings belong to a tenant, so a client without one is `client_not_linked` (partner.yaml), whatever the call.
 */
export function partnerOwnerOf(wire: Wire): Owner {
  const partner = requireCallerOf(wire, 'partner-client');
  if (!partner.tenantId) throw new AppError('client_not_linked');
  return { tenantId: partner.tenantId, clientId: partner.clientId, livemode: partner.environment === 'live' };
}

/**
 * The API key a partner call spends from, with its limits as the gateway verified them. Fail closed: a partner
 * caller that names no key, or no limits (an empty set is "no limits"), books nothing (`forbidden`).
 */
export function partnerSpenderOf(wire: Wire): KeySpender {
  requireCallerOf(wire, 'partner-client');
  const keyId = wire?.apiKeyId?.trim();
  const limits = wire?.spendingLimits;
  if (!keyId || !limits)
    throw new AppError('forbidden', 'The call is refused: a partner caller without its key.');
  return {
    keyId,
    limits: { dailyLimit: limits.dailyLimit ?? null, perBookingLimit: limits.perBookingLimit ?? null },
  };
}

/** The signed-in storefront customer: they own their bookings by customer id (anyone else is refused). */
export function customerIdOf(wire: Wire): string {
  return requireCallerOf(wire, 'customer').customerId;
}

/** A staff member; admin bookings serve no one else. */
export function staffOf(wire: Wire) {
  return requireCallerOf(wire, 'platform-staff', 'tenant-staff');
}

export type Staff = ReturnType<typeof staffOf>;

/**
 * The bookings a staff member reaches (the admin repository's tenant filter): tenant staff their own
 * tenant's whatever was asked; platform staff what they asked for (`undefined` every booking, a tenant's
 * id, `''` the storefront's).
 */
export function tenantFilterOf(staff: Staff, asked: () => string | undefined): string | undefined {
  return staff.kind === 'tenant-staff' ? staff.tenantId : asked();
}
