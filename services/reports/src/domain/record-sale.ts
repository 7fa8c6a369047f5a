import type { Logger } from '@travel/logger';
import type { SaleFactRepository } from '../db/sale-fact.repository';
import type { SaleFact } from './facts';

/** A booking or cancellation joins the sales read model once, whatever the number of deliveries. */
export function createRecordSale(deps: { sales: SaleFactRepository }) {
  return async (fact: SaleFact, logger: Logger): Promise<void> => {
    if (!(await deps.sales.insert(fact))) logger.debug({ factId: fact.id }, 'sale fact recorded already');
  };
}
