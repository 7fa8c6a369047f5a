import { badRequest } from '@travel/errors';

/** Who searches (from the verified key): tokens are bound to it and prices use its tenant. */
export interface Searcher {
  /** Null: a client without a tenant (platform default margin; it may search but not book). */
  tenantId: string | null;
  clientId: number;
  environment: 'live' | 'test';
}

export interface SearcherInput {
  tenantId?: string | undefined;
  clientId: number;
  environment: string;
}

/** The gateway always sends the searcher; a call without a usable one is refused rather than guessed. */
export function checkSearcher(input: SearcherInput | undefined): Searcher {
  if (!input) throw badRequest([{ path: 'searcher', message: 'is required' }]);
  if (input.environment !== 'live' && input.environment !== 'test')
    throw badRequest([{ path: 'searcher.environment', message: 'must be live or test' }]);
  return { tenantId: input.tenantId || null, clientId: input.clientId, environment: input.environment };
}
