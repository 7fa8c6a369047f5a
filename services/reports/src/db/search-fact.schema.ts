import { Schema } from 'mongoose';

/** One storefront search; `_id` is its event id, so a redelivered search collides. */
export interface SearchFactDocument {
  _id: string;
  day: string;
  service: string;
  destination: string;
  destinationKey: string;
  occurredAt: Date;
}

export const searchFactSchema = new Schema<SearchFactDocument>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    service: { type: String, required: true },
    destination: { type: String, required: true },
    destinationKey: { type: String, required: true },
    occurredAt: { type: Date, required: true },
  },
  { collection: 'search_facts', versionKey: false },
);
// Serves the searches of a period (popular destinations).
searchFactSchema.index({ day: 1 });
