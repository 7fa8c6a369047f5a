import { Schema } from 'mongoose';
import type { Endpoint } from '../domain/endpoint';

/** One endpoint; `slot` is the client's slot it holds (see endpoint-slot.schema.ts). */
export interface EndpointDocument extends Omit<Endpoint, 'id'> {
  _id: string;
  slot: number;
}

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
    createdAt: { type: Date, required: true },
  },
  { collection: 'webhook_endpoints', versionKey: false },
);
endpointSchema.index({ clientId: 1 });
endpointSchema.index({ tenantId: 1 });

/**
 * `_id` is `<clientId>:<slot>` with slot 1..limit: an endpoint exists only while it holds one, so two
 * registrations racing for the last place cannot both get it (on FerretDB only a unique insert decides;
 * counting first and inserting after would let both through).
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
