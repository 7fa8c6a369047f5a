import { badRequest } from '@travel/errors';

/** Who searches (from the verified key): tokens are bound to it and prices use its tenant. */
export interface Searcher {
  /** Null: a client without a tenant (platform default margin; it may search but not book). */
  tenantId: string | null;
  clientId: number;
  environment: 'live' | 'test';
  /** The public storefront: its tokens are bound to it (decisions.md), its prices use the platform default. */
  storefront?: true;
}

export interface SearcherInput {
  tenantId?: string | undefined;
  clientId: number;
  environment: string;
  storefront?: boolean;
}

/** The storefront searches as nobody's client: no tenant, live, and its tokens say so. */
const STOREFRONT: Searcher = { tenantId: null, clientId: 0, environment: 'live', storefront: true };

/** The gateway always sends the searcher; a call without a usable one is refused rather than guessed. */
export function checkSearcher(input: SearcherInput | undefined): Searcher {
  if (!input) throw badRequest([{ path: 'searcher', message: 'is required' }]);
  if (input.storefront) return STOREFRONT;
  if (input.environment !== 'live' && input.environment !== 'test')
    throw badRequest([{ path: 'searcher.environment', message: 'must be live or test' }]);
  return { tenantId: input.tenantId || null, clientId: input.clientId, environment: input.environment };
}
