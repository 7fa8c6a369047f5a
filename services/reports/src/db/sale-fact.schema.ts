import { Schema } from 'mongoose';

/** One booking or cancellation; `_id` = `<booking id>:<kind>`, so a redelivered fact collides. */
export interface SaleFactDocument {
  _id: string;
  eventId: string;
  kind: 'booking' | 'cancellation';
  day: string;
  service: string;
  /** `''` for a storefront booking (a customer's, no tenant). */
  tenantId: string;
  amount: number;
  destination: string;
  destinationKey: string;
  occurredAt: Date;
}

export const saleFactSchema = new Schema<SaleFactDocument>(
  {
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    kind: { type: String, required: true },
    day: { type: String, required: true },
    service: { type: String, required: true },
    tenantId: { type: String, default: '' },
    amount: { type: Number, required: true },
    destination: { type: String, required: true },
    destinationKey: { type: String, required: true },
    occurredAt: { type: Date, required: true },
  },
  { collection: 'sale_facts', versionKey: false, minimize: false },
);
// Serves one tenant's (or the storefront's) report over a period: sales and booked destinations.
saleFactSchema.index({ tenantId: 1, day: 1 });
// Serves the platform's report over every tenant for a period.
saleFactSchema.index({ day: 1 });
