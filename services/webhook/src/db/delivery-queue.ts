import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { deliverySchema } from './delivery.schema';

/** How many deliveries are due by `now`: a count on the dispatcher's own index `{ status, dueAt }`. */
export function createDueCount(connection: Connection, now: () => Date): () => Promise<number> {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  return () => deliveries.countDocuments({ status: 'pending', dueAt: { $lte: now() } }).exec();
}
