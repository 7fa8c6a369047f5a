import { bookingEvents, invoiceEvents } from '@travel/contracts';
import type { EventEnvelope } from '@travel/events';
import { displayDay } from '@travel/partner-formats';
import type { EventType } from './event-types';

/**
 * The JSON body partners receive (gateway/openapi/partner.yaml, `POST /webhooks`), rendered once per
 * event: every attempt to every endpoint sends these exact bytes, so a signature always matches.
 */
export function renderEventBody(
  envelope: EventEnvelope,
  type: EventType,
  /** The event's place in the receiving client's feed (domain/feed/record-event.ts); absent: not in a feed. */
  sequence?: number,
  data: Record<string, unknown> = eventDataOf(envelope, type),
): string {
  return JSON.stringify({
    id: envelope.id,
    type,
    created: (envelope.occurredAt as Date).toISOString(),
    livemode: envelope.livemode,
    ...(sequence === undefined ? {} : { sequence }),
    data,
  });
}

/** The event's `data`, decoded from its payload; throws on a payload that does not decode. */
export function eventDataOf(envelope: EventEnvelope, type: EventType): Record<string, unknown> {
  return type === 'invoice.paid' ? invoiceData(envelope.payload) : bookingData(envelope.payload);
}

function bookingData(payload: Uint8Array) {
  const booking = bookingEvents.BookingEvent.decode(payload);
  return {
    id: booking.id,
    pnr: booking.pnr,
    type: booking.type,
    status: booking.status,
    amount: booking.amount,
    currency: booking.currency,
    reference: booking.reference ?? null,
    // Events published before the mark carry none: every booking then was made from simulated supply.
    simulated: booking.simulated ?? true,
  };
}

function invoiceData(payload: Uint8Array) {
  const invoice = invoiceEvents.InvoiceEvent.decode(payload);
  return {
    id: invoice.id,
    number: invoice.number,
    amount: invoice.amount,
    paidAmount: invoice.paidAmount,
    status: invoice.status,
    dueDate: displayDay(invoice.dueDate),
  };
}
