import { createCombinedInsert, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { SaleFact, Service } from '../domain/facts';
import { type SaleFactDocument, saleFactSchema } from './sale-fact.schema';

/** Which facts a report reads: a period, perhaps one service, one tenant (`''` storefront) or all. */
export interface FactFilter {
  from: string;
  to: string;
  service: Service | undefined;
  /** Undefined: every tenant and the storefront. */
  tenantId: string | undefined;
}

/** The facts of one day, service, tenant and kind, counted and summed. */
export interface SalesTally {
  day: string;
  service: string;
  tenantId: string;
  kind: SaleFact['kind'];
  count: number;
  amount: number;
}

/** How often one place was booked. */
export interface PlaceTally {
  service: string;
  key: string;
  label: string;
  count: number;
}

export interface SaleFactRepository {
  /** False when the fact is recorded already (a redelivery). */
  insert(fact: SaleFact): Promise<boolean>;
  tally(filter: FactFilter): Promise<SalesTally[]>;
  bookedPlaces(filter: FactFilter): Promise<PlaceTally[]>;
}

/**
 * `maxTimeMs`: the store's own limit for a report's aggregation (`longReadLimitMs` of @travel/mongo), which reads
 * every fact of the period (docs/decisions/data.md, "Store timeouts sized for real queries").
 */
export function createSaleFactRepository(
  connection: Connection,
  { maxTimeMs }: { maxTimeMs?: number } = {},
): SaleFactRepository {
  const model = modelOn(connection, 'SaleFact', saleFactSchema);
  // Facts handled at once (several partitions, several bookings of a batch) go in one insert.
  const insertFact = createCombinedInsert(model);
  return {
    insert({ id, destination, ...fields }) {
      const doc: SaleFactDocument = {
        ...fields,
        _id: id,
        destination: destination.label,
        destinationKey: destination.key,
      };
      // Through the driver: the fact is built whole here; mongoose's document building was a fifth of the consumer's CPU (bench/log).
      return insertFact(doc);
    },
    async tally(filter) {
      // Summed when asked: facts are inserted once each and never incremented, so a redelivery or a
      // replay can never count twice, and the figures are exact whatever order the events came in.
      const rows = await model.aggregate<{
        _id: Omit<SalesTally, 'count' | 'amount'>;
        count: number;
        amount: number;
      }>(
        [
          { $match: matchOf(filter) },
          {
            $group: {
              _id: { day: '$day', service: '$service', tenantId: '$tenantId', kind: '$kind' },
              count: { $sum: 1 },
              amount: { $sum: '$amount' },
            },
          },
        ],
        { maxTimeMS: maxTimeMs },
      );
      return rows.map(({ _id, count, amount }) => ({ ..._id, count, amount }));
    },
    async bookedPlaces(filter) {
      const rows = await model.aggregate<{
        _id: { service: string; key: string };
        label: string;
        count: number;
      }>(
        [
          { $match: { ...matchOf(filter), kind: 'booking' } },
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

function matchOf(filter: FactFilter): Record<string, unknown> {
  return {
    ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
    day: { $gte: filter.from, $lte: filter.to },
    ...(filter.service === undefined ? {} : { service: filter.service }),
  };
}
