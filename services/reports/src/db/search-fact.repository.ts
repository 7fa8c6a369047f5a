import { createCombinedInsert, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { SearchFact } from '../domain/facts';
import type { FactFilter, PlaceTally } from './sale-fact.repository';
import { type SearchFactDocument, searchFactSchema } from './search-fact.schema';

export interface SearchFactRepository {
  /** False when the search is recorded already (a redelivery). */
  insert(fact: SearchFact): Promise<boolean>;
  /** How often each place was searched in the period (searches have no tenant). */
  searchedPlaces(filter: Omit<FactFilter, 'tenantId'>): Promise<PlaceTally[]>;
}

/**
 * `keepMs`: how long a search counts (REPORTS_SEARCH_FACTS_DAYS), from when it was made. `maxTimeMs`: the store's own
 * limit for a report's aggregation (`longReadLimitMs` of @travel/mongo), which reads every fact of the period
 * (docs/decisions/data.md, "Store timeouts sized for real queries").
 */
export function createSearchFactRepository(
  connection: Connection,
  { keepMs, maxTimeMs }: { keepMs: number; maxTimeMs?: number },
): SearchFactRepository {
  const model = modelOn(connection, 'SearchFact', searchFactSchema);
  // Facts handled at once (several partitions, several bookings of a batch) go in one insert.
  const insertFact = createCombinedInsert(model);
  return {
    insert({ id, destination, ...fields }) {
      const doc: SearchFactDocument = {
        ...fields,
        _id: id,
        destination: destination.label,
        destinationKey: destination.key,
        expiresAt: new Date(fields.occurredAt.getTime() + keepMs),
      };
      // Through the driver: the fact is built whole here; mongoose's document building was a fifth of the consumer's CPU (bench/log).
      return insertFact(doc);
    },
    async searchedPlaces(filter) {
      const rows = await model.aggregate<{
        _id: { service: string; key: string };
        label: string;
        count: number;
      }>(
        [
          {
            $match: {
              day: { $gte: filter.from, $lte: filter.to },
              ...(filter.service === undefined ? {} : { service: filter.service }),
            },
          },
          {
            $group: {
              _id: { service: '$service', key: '$destinationKey' },
              label: { $first: '$destination' },
              count: { $sum: 1 },
            },
          },
        ],
        { maxTimeMS: maxTimeMs },
      );
      return rows.map(({ _id, label, count }) => ({ ..._id, label, count }));
    },
  };
}
