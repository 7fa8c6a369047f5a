import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Owner } from '../domain/booking';
import type { CancellationRefund } from '../domain/cancellation-refund';
import { type CancellationQuoteDocument, cancellationQuoteSchema } from './cancellation-quote.schema';

export interface CancellationQuote {
  id: string;
  bookingId: string;
  refund: CancellationRefund;
  expiresAt: Date;
}

export interface CancellationQuotes {
  insert(quote: CancellationQuote, owner: Owner, createdAt: Date): Promise<void>;
  /** The owner's quote by id (expired or not, until the store deletes it); null for anyone else's. */
  findOwned(id: string, owner: Owner): Promise<CancellationQuote | null>;
}

/** How long an expired quote is kept so that a late cancel hears `quote_expired`. */
const KEEP_EXPIRED_MS = 24 * 3_600_000;

export function createCancellationQuotes(connection: Connection): CancellationQuotes {
  const model = modelOn(connection, 'CancellationQuote', cancellationQuoteSchema);
  return {
    async insert(quote, owner, createdAt) {
      const doc: CancellationQuoteDocument = {
        _id: quote.id,
        bookingId: quote.bookingId,
        tenantId: owner.tenantId,
        clientId: owner.clientId,
        livemode: owner.livemode,
        refund: quote.refund,
        createdAt,
        expiresAt: quote.expiresAt,
        deleteAt: new Date(quote.expiresAt.getTime() + KEEP_EXPIRED_MS),
      };
      await model.collection.insertOne(doc as unknown as Record<string, unknown>);
    },
    async findOwned(id, owner) {
      const doc = await model.collection.findOne<CancellationQuoteDocument>({
        _id: id,
        tenantId: owner.tenantId,
        clientId: owner.clientId,
        livemode: owner.livemode,
      } as object);
      if (!doc) return null;
      return { id: doc._id, bookingId: doc.bookingId, refund: doc.refund, expiresAt: doc.expiresAt };
    },
  };
}
