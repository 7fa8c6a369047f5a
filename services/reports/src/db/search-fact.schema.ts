import { Schema } from 'mongoose';

/** One storefront search; `_id` is its event id, so a redelivered search collides. */
export interface SearchFactDocument {
  _id: string;
  day: string;
  service: string;
  destination: string;
  destinationKey: string;
  occurredAt: Date;
  /** occurredAt + REPORTS_SEARCH_FACTS_DAYS: the store deletes the fact then (docs/retention.md). */
  expiresAt: Date;
}

export const searchFactSchema = new Schema<SearchFactDocument>(
  {
    _id: { type: String, required: true },
    day: { type: String, required: true },
    service: { type: String, required: true },
    destination: { type: String, required: true },
    destinationKey: { type: String, required: true },
    occurredAt: { type: Date, required: true },
    expiresAt: { type: Date },
  },
  { collection: 'search_facts', versionKey: false },
);
// Serves the searches of a period (popular destinations).
searchFactSchema.index({ day: 1 });
// Retention (TTL): a search counts in reports for REPORTS_SEARCH_FACTS_DAYS, then the store drops it.
searchFactSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
