import type { Logger } from '@travel/logger';
import type { DeliveryRetention } from '../db/delivery-retention';

export interface SweepDeliveriesDeps {
  retention: DeliveryRetention;
  /** How long a delivery is kept after it finished (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  keepMs: number;
  now: () => Date;
  logger: Logger;
}

/**
 * One pass of the deliveries' retention sweep: deliveries that ended (acknowledged, failed or cancelled)
 * longer ago than the retention go, attempts and signed body with them; pending ones stay whatever their age.
 */
export function createSweepDeliveries(deps: SweepDeliveriesDeps): () => Promise<void> {
  return async () => {
    const cutoff = new Date(deps.now().getTime() - deps.keepMs);
    const deleted = await deps.retention.deleteFinishedBefore(cutoff);
    if (deleted > 0) deps.logger.info({ deleted, cutoff }, 'webhook deliveries past their retention deleted');
  };
}
