import { insertIfAbsent, modelOn } from '@travel/mongo';
import { type Connection, Schema } from 'mongoose';

/** One `POST /webhooks/{id}/recover` under its `Idempotency-Key`: `_id` `<clientId>:<key>`. */
export interface RecoveryDocument {
  _id: string;
  endpointId: string;
  since: Date;
  /** Deliveries this recovery queued; null until it has. */
  queued: number | null;
  createdAt: Date;
}

export const recoverySchema = new Schema<RecoveryDocument>(
  {
    _id: { type: String, required: true },
    endpointId: { type: String, required: true },
    since: { type: Date, required: true },
    queued: { type: Number, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'webhook_recoveries', versionKey: false },
);
// Keys are remembered 48 hours, as booking's (`Idempotency-Key` in gateway/openapi/partner.yaml).
recoverySchema.index({ createdAt: 1 }, { expireAfterSeconds: 48 * 3600 });

export interface RecoveryRepository {
  /** Claims the key for this request; false when it was claimed before (read it with `find`). */
  claim(recovery: Omit<RecoveryDocument, 'queued'>): Promise<boolean>;
  find(id: string): Promise<RecoveryDocument | undefined>;
  /** Records how many the recovery queued (the first count recorded stays). */
  finish(id: string, queued: number): Promise<void>;
}

export function createRecoveryRepository(connection: Connection): RecoveryRepository {
  const recoveries = modelOn(connection, 'WebhookRecovery', recoverySchema);
  return {
    claim: (recovery) => insertIfAbsent(recoveries, { ...recovery, queued: null }),
    async find(id) {
      return (await recoveries.findById(id).lean<RecoveryDocument>()) ?? undefined;
    },
    async finish(id, queued) {
      await recoveries.updateOne({ _id: id, queued: null }, { $set: { queued } });
    },
  };
}
