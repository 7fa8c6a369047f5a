import { bookingHistory } from '@travel/contracts';
import { createPeerClient, jobCaller, peerTlsOf } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import type { ReportsConfig } from '../config';
import { createSaleFactRepository } from '../db/sale-fact.repository';
import { createRecordSale } from '../domain/record-sale';
import { decodeSaleFact } from '../events/reports.consumer';

/** The read model a rebuild from sources empties and fills again; search facts are their own record (kept). */
const SALES_COLLECTION = 'sale_facts';
const PAGE_SIZE = 500;

/**
 * Rebuilds the sales read model from booking's store, not from Kafka, so it holds on a platform older than
 * the topics' retention: empties `sale_facts`, then pages through booking's `ListBookingHistory` (the events
 * its relay published, rendered again) and records each through the consumer's own decoding and idempotent
 * insert. Run while every reports process is stopped; its consumer then goes on from its committed offsets,
 * and what it reads again is one refused insert per fact. Returns the sale facts recorded.
 */
export async function rebuildFromSources(config: ReportsConfig, logger: Logger): Promise<number> {
  const history = createPeerClient(bookingHistory.BookingHistoryServiceDefinition, config.BOOKING_ADDRESS, {
    caller: 'reports.rebuild',
    deadlineMs: config.BOOKING_DEADLINE_MS,
    // The command proves it is reports (its service's certificate), which booking allows to page the history.
    tls: peerTlsOf(config),
  });
  const mongo = createMongo({ ...mongoOptionsOf(config), logger });
  await mongo.start();
  try {
    // Emptied, not dropped: the collection and its indexes are the index migration's (docs/decisions/data.md).
    await mongo.connection.collection(SALES_COLLECTION).deleteMany({});
    const recordSale = createRecordSale({ sales: createSaleFactRepository(mongo.connection) });
    const caller = jobCaller('reports.rebuild');
    let recorded = 0;
    for (let after = 0, first = true; first || after > 0; first = false) {
      const page = await history.listBookingHistory({ caller, after, pageSize: PAGE_SIZE });
      for (const event of page.events) {
        const fact = decodeSaleFact(event);
        if (!fact) continue;
        await recordSale(fact, logger);
        recorded += 1;
      }
      after = page.nextAfter;
    }
    logger.info({ database: config.MONGO_DATABASE, recorded }, 'sales rebuilt from booking history');
    return recorded;
  } finally {
    await mongo.stop();
  }
}
