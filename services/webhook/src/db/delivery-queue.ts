import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { deliverySchema } from './delivery.schema';

export interface DeliveryQueue {
  /** How many deliveries are due by now. */
  dueCount(): Promise<number>;
  /** When the longest-waiting due delivery fell due; null when none is due. */
  oldestDueAt(): Promise<Date | null>;
}

/** The dispatcher's backlog, for the metrics scrape: both queries read its own index `{ status, dueAt }`. */
export function createDeliveryQueue(connection: Connection, now: () => Date): DeliveryQueue {
  const deliveries = modelOn(connection, 'WebhookDelivery', deliverySchema);
  const dueBy = (at: Date) => ({ status: 'pending', dueAt: { $lte: at } });
  return {
    dueCount: () => deliveries.countDocuments(dueBy(now())).exec(),
    async oldestDueAt() {
      const oldest = await deliveries
        .findOne(dueBy(now()), { dueAt: 1 })
        .sort({ dueAt: 1 })
        .lean<{ dueAt: Date }>();
      return oldest?.dueAt ?? null;
    },
  };
}
