import { Schema } from 'mongoose';
import type { Endpoint } from '../domain/endpoints/endpoint';

/** One endpoint; `slot` is the client's slot it holds (see endpoint-slot.schema.ts). */
export interface EndpointDocument
  extends Omit<Endpoint, 'id' | 'sealedSecret' | 'retiringSecrets' | 'disabledReason' | 'statusChangedAt'> {
  _id: string;
  slot: number;
  /** `sealed:v1:…` (db/endpoint-secrets.ts); the plain `whsec_…` of an endpoint stored before sealing until re-sealed. */
  secret: string;
  /** Replaced secrets still signing until `expiresAt` (a rotation's overlap), sealed like `secret`. Absent: none. */
  retiringSecrets?: Array<{ secret: string; expiresAt: Date }>;
  disabledReason?: string | null;
  statusChangedAt?: Date | null;
  /**
   * The staff notice an auto-disable owes (`pending`) until engagement has queued its emails (`sent`): the
   * outbox of that email, written in the same update as the disable.
   */
  notice?: 'pending' | 'sent';
}

const retiringSecretSchema = new Schema(
  { secret: { type: String, required: true }, expiresAt: { type: Date, required: true } },
  { _id: false },
);

export const endpointSchema = new Schema<EndpointDocument>(
  {
    _id: { type: String, required: true },
    slot: { type: Number, required: true },
    clientId: { type: Number, required: true },
    tenantId: { type: String, default: null },
    environment: { type: String, required: true },
    url: { type: String, required: true },
    events: { type: [String], default: [] },
    status: { type: String, required: true },
    secret: { type: String, required: true },
    retiringSecrets: { type: [retiringSecretSchema], default: undefined },
    disabledReason: { type: String, default: null },
    statusChangedAt: { type: Date, default: null },
    notice: { type: String },
    createdAt: { type: Date, required: true },
    enabledAt: { type: Date },
  },
  { collection: 'webhook_endpoints', versionKey: false },
);
// Serves a client's endpoints (`ofClient`: intake of booking events, the partner's list, orphan slots).
endpointSchema.index({ clientId: 1 });
// Serves a tenant's endpoints (`ofTenant`: intake of `invoice.paid`).
endpointSchema.index({ tenantId: 1 });
// Serves the auto-disable job's pass over active endpoints and the disabled ones whose notice is pending, each
// in batches in id order.
endpointSchema.index({ status: 1, notice: 1, _id: 1 });

/**
 * `_id` is `<clientId>:<slot>` with slot 1..limit: an endpoint exists only while it holds one, so two
 * registrations racing for the last place cannot both get it (counting first and inserting after would let
 * both through). A slot also says when it was taken, which is how a crashed registration's is told from a
 * live one and freed; a conditional `$inc` counter could not tell them apart.
 */
export interface EndpointSlotDocument {
  _id: string;
  clientId: number;
  endpointId: string;
  claimedAt: Date;
}

export const endpointSlotSchema = new Schema<EndpointSlotDocument>(
  {
    _id: { type: String, required: true },
    clientId: { type: Number, required: true },
    endpointId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { collection: 'webhook_endpoint_slots', versionKey: false },
);
// Serves the slots a client holds (`freeOrphans`, when the client is full).
endpointSlotSchema.index({ clientId: 1 });

/**
 * One document (`_id` `endpoints`) whose `version` goes up after every registration and deletion is
 * stored. A process's cached endpoint lists are trusted only while a version read after the work arrived
 * still finds the version they were loaded under (domain/endpoints/endpoint-directory.ts).
 */
export interface EndpointChangesDocument {
  _id: string;
  version: number;
}

export const endpointChangesSchema = new Schema<EndpointChangesDocument>(
  { _id: { type: String, required: true }, version: { type: Number, required: true } },
  { collection: 'webhook_endpoint_changes', versionKey: false },
);
