import { deleteInBatches, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { deliverySchema } from './delivery.schema';

export interface DeliveryRetention {
  /** Deletes deliveries (with their attempts) that finished before `cutoff`; pending ones have no finish. */
  deleteFinishedBefore(cutoff: Date): Promise<number>;
}

/** The retention sweep's side of `webhook_deliveries` (docs/retention.md). */
export function createDeliveryRetention(connection: Connection): DeliveryRetention {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  return {
    // A delivery queued again (recover) has `finishedAt: null` again: the batch delete re-checks the filter.
    deleteFinishedBefore: (cutoff) => deleteInBatches(deliveries, { finishedAt: { $lt: cutoff } }),
  };
}
