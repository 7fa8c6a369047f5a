import { paymentEvents } from '@travel/contracts';
import type { OutboxSource, OutgoingEvent } from '@travel/events';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Refund, StorefrontPayment } from '../domain/wallet';
import {
  type PendingMoneyEvent,
  type StorefrontPaymentDocument,
  storefrontPaymentSchema,
} from './storefront-payment.schema';

export interface StorefrontPayments {
  /** The customer's payment of a booking (another customer's is none). */
  find(bookingId: string, customerId: string): Promise<StorefrontPayment | null>;
  /** The payment a gateway's provider knows by this reference (any customer's: the provider named it). */
  findByReference(gatewayId: string, reference: string): Promise<StorefrontPayment | null>;
  /**
   * Inserts the payment of a booking, with its `payment.captured` when captured; false when the booking
   * was paid first.
   */
  insert(payment: StorefrontPayment, event: PendingMoneyEvent | null): Promise<boolean>;
  /** A pending payment captured, with its `payment.captured`, once: the payment as it is now. */
  capture(bookingId: string, at: Date, event: PendingMoneyEvent): Promise<StorefrontPayment | null>;
  /** A pending payment failed, once: the payment as it is now. */
  fail(bookingId: string): Promise<StorefrontPayment | null>;
  /** Sets the refund of a paid booking (with its event, if any) unless one is set: the refund now held. */
  setRefund(
    bookingId: string,
    customerId: string,
    refund: Refund,
    event: PendingMoneyEvent | null,
  ): Promise<Refund | null>;
  /** The customer's refunds, newest first, below `beforeN`. */
  refundsOf(customerId: string, beforeN: number | undefined, limit: number): Promise<Refund[]>;
  /** The payments as the outbox relay reads and clears them. */
  outbox: OutboxSource;
}

export function createStorefrontPayments(connection: Connection): StorefrontPayments {
  const model = modelOn(connection, 'StorefrontPayment', storefrontPaymentSchema);
  return {
    async find(bookingId, customerId) {
      return toPayment(
        await model
          .findOne({ _id: bookingId, customerId }, { pendingEvents: 0 })
          .lean<StorefrontPaymentDocument>(),
      );
    },
    async findByReference(gatewayId, reference) {
      return toPayment(
        await model
          .findOne({ gatewayReference: reference, gatewayId }, { pendingEvents: 0 })
          .lean<StorefrontPaymentDocument>(),
      );
    },
    insert(payment, event) {
      const { bookingId, id, refund: _none, ...fields } = payment;
      const doc: StorefrontPaymentDocument = {
        ...fields,
        _id: bookingId,
        paymentId: id,
        refund: null,
        pendingEvents: event ? [event] : [],
      };
      return insertIfAbsent(model, doc);
    },
    async capture(bookingId, at, event) {
      await model.updateOne(
        { _id: bookingId, status: 'pending' },
        { $set: { status: 'captured', capturedAt: at, clientSecret: null }, $push: { pendingEvents: event } },
      );
      return toPayment(
        await model.findOne({ _id: bookingId }, { pendingEvents: 0 }).lean<StorefrontPaymentDocument>(),
      );
    },
    async fail(bookingId) {
      await model.updateOne(
        { _id: bookingId, status: 'pending' },
        { $set: { status: 'failed', clientSecret: null } },
      );
      return toPayment(
        await model.findOne({ _id: bookingId }, { pendingEvents: 0 }).lean<StorefrontPaymentDocument>(),
      );
    },
    async setRefund(bookingId, customerId, refund, event) {
      const doc = await model
        .findOneAndUpdate(
          { _id: bookingId, customerId, refund: null },
          { $set: { refund }, ...(event ? { $push: { pendingEvents: event } } : {}) },
          { new: true, projection: { pendingEvents: 0 } },
        )
        .lean<StorefrontPaymentDocument>();
      return doc?.refund ? refundOf(doc.refund) : null;
    },
    async refundsOf(customerId, beforeN, limit) {
      const below = beforeN === undefined ? { $exists: true } : { $lt: beforeN };
      const docs = await model
        .find({ customerId, 'refund.n': below }, { refund: 1 })
        .sort({ 'refund.n': -1 })
        .limit(limit)
        .lean<Array<Pick<StorefrontPaymentDocument, 'refund'>>>();
      return docs.flatMap((doc) => (doc.refund ? [refundOf(doc.refund)] : []));
    },
    outbox: {
      async withPending(limit) {
        const docs = await model
          .find({ 'pendingEvents.id': { $exists: true } })
          .sort({ capturedAt: 1 })
          .limit(limit)
          .lean<StorefrontPaymentDocument[]>();
        return docs.map((doc) => ({ id: doc._id, events: doc.pendingEvents.map((e) => toOutgoing(doc, e)) }));
      },
      async clear(published) {
        if (published.length === 0) return;
        // `$pull` of exactly the published ids: a refund's event pushed meanwhile stays pending.
        await model.updateMany(
          { _id: { $in: published.map(({ id }) => id) } },
          {
            $pull: {
              pendingEvents: { id: { $in: published.flatMap(({ events }) => events.map((e) => e.id)) } },
            },
          },
        );
      },
    },
  };
}

/** Storefront money has no tenant and no client; live; keyed by the booking so its events stay in order. */
function toOutgoing(doc: StorefrontPaymentDocument, event: PendingMoneyEvent): OutgoingEvent {
  const payload =
    event.type === 'payment.captured'
      ? paymentEvents.PaymentEvent.encode({
          id: doc.paymentId,
          bookingId: doc._id,
          customerId: doc.customerId,
          total: doc.total,
          walletPaid: doc.walletPaid,
          charged: doc.charged,
          gatewayId: doc.gatewayId ?? undefined,
          gatewayReference: doc.gatewayReference ?? undefined,
        }).finish()
      : paymentEvents.RefundEvent.encode({
          id: doc.refund?.id ?? '',
          bookingId: doc._id,
          customerId: doc.customerId,
          amount: doc.refund?.amount ?? 0,
          status: doc.refund?.status ?? 'completed',
        }).finish();
  return {
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt,
    tenantId: '',
    clientId: '',
    livemode: true,
    payload: Buffer.from(payload),
    key: doc._id,
  };
}

function toPayment(doc: StorefrontPaymentDocument | null): StorefrontPayment | null {
  if (!doc) return null;
  return {
    bookingId: doc._id,
    id: doc.paymentId,
    customerId: doc.customerId,
    total: doc.total,
    walletPaid: doc.walletPaid,
    charged: doc.charged,
    gatewayId: doc.gatewayId ?? null,
    gatewayReference: doc.gatewayReference ?? null,
    status: doc.status ?? 'captured',
    // Before card payments, a charge was the simulator's.
    // Older payments carry no provider: those that charged were the simulator's. A refused one charged nothing.
    provider: doc.provider ?? (doc.charged > 0 && !doc.failure ? 'simulated' : null),
    clientSecret: doc.clientSecret ?? null,
    failure: doc.failure ?? null,
    createdAt: doc.createdAt ?? doc.capturedAt ?? new Date(0),
    capturedAt: doc.capturedAt ?? null,
    refund: doc.refund ? refundOf(doc.refund) : null,
  };
}

/** Refunds recorded before card refunds went wholly to the wallet. */
function refundOf(refund: Refund): Refund {
  return {
    ...refund,
    walletAmount: refund.walletAmount ?? refund.amount,
    cardAmount: refund.cardAmount ?? 0,
    card: refund.card ?? null,
  };
}
