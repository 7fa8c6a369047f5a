import type { Logger } from '@travel/logger';
import type { SearchFactRepository } from '../db/search-fact.repository';
import type { SearchFact } from './facts';

/** A storefront search joins the destinations read model once, whatever the number of deliveries. */
export function createRecordSearch(deps: { searches: SearchFactRepository }) {
  return async (fact: SearchFact, logger: Logger): Promise<void> => {
    if (!(await deps.searches.insert(fact)))
      logger.debug({ factId: fact.id }, 'search fact recorded already');
  };
}
