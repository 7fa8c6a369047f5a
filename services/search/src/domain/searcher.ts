import type { caller } from '@travel/contracts';
import { requireCallerOf } from '@travel/grpc';

/** Who searches (from the verified key): tokens are bound to it and prices use its tenant. */
export interface Searcher {
  /** Null: a client without a tenant (platform default margin; it may search but not book). */
  tenantId: string | null;
  clientId: number;
  environment: 'live' | 'test';
  /** The public storefront: its tokens are bound to it (docs/decisions/bookings.md, "Storefront search"), its prices use the platform default. */
  storefront?: true;
}

/** The storefront searches as nobody's client: no tenant, live, and its tokens say so. */
const STOREFRONT: Searcher = { tenantId: null, clientId: 0, environment: 'live', storefront: true };

/**
 * The searcher of a request: the public storefront when it says so (the least a search can be: no tenant's
 * margin, tokens that book only on the storefront), else a partner client's `Caller`; neither is refused
 * (PERMISSION_DENIED, docs/access.md "Callers"), never guessed.
 */
export function searcherOf(request: { caller?: caller.Caller | undefined; storefront: boolean }): Searcher {
  if (request.storefront) return STOREFRONT;
  const partner = requireCallerOf(request.caller, 'partner-client');
  return { tenantId: partner.tenantId, clientId: partner.clientId, environment: partner.environment };
}
