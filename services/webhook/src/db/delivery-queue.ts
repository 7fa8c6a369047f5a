import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { deliverySchema } from './delivery.schema';

export interface DeliveryQueue {
  /** How many deliveries are due by now. */
  dueCount(): Promise<number>;
  /** How long the longest-waiting due delivery is past its due time, in seconds; 0 when none is due. */
  oldestDueSeconds(): Promise<number>;
}

/** The dispatcher's backlog, for the metrics scrape: both queries read its own index `{ status, dueAt }`. */
export function createDeliveryQueue(connection: Connection, now: () => Date): DeliveryQueue {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  const dueBy = (at: Date) => ({ status: 'pending', dueAt: { $lte: at } });
  return {
    dueCount: () => deliveries.countDocuments(dueBy(now())).exec(),
    async oldestDueSeconds() {
      const at = now();
      const oldest = await deliveries
        .findOne(dueBy(at), { dueAt: 1 })
        .sort({ dueAt: 1 })
        .lean<{ dueAt: Date }>();
      return oldest ? Math.max(0, (at.getTime() - oldest.dueAt.getTime()) / 1000) : 0;
    },
  };
}
