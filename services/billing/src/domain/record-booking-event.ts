import type { Logger } from '@travel/logger';
import type { LineRepository } from '../db/line.repository';
import type { InvoiceLine } from './invoice';

/** A booking fact as billing needs it, decoded from `booking.events`. */
export interface BookingFact {
  eventId: string;
  type: 'booking.created' | 'booking.cancelled';
  tenantId: string;
  livemode: boolean;
  occurredAt: Date;
  booking: { id: string; pnr: string; route: string; date: string; amount: number; simulated: boolean };
}

export interface RecordBookingEventDeps {
  lines: LineRepository;
}

/**
 * A live booking becomes a line of its tenant; its cancellation a reversing line. Both `_id`s derive from
 * the booking, so a redelivered event (or the same fact under a new event id) inserts nothing new.
 * Test-mode bookings are never invoiced.
 */
export function createRecordBookingEvent(deps: RecordBookingEventDeps) {
  return async (fact: BookingFact, logger: Logger): Promise<void> => {
    if (!fact.livemode) return;
    const { booking } = fact;
    const line: InvoiceLine = {
      id: `${booking.id}:created`,
      tenantId: fact.tenantId,
      bookingId: booking.id,
      pnr: booking.pnr,
      route: booking.route,
      date: booking.date,
      amount: booking.amount,
      simulated: booking.simulated,
      createdAt: fact.occurredAt,
    };
    if (fact.type === 'booking.created') {
      await deps.lines.insert(line, fact.eventId);
      return;
    }
    // Reverse what was billed: the line of the booking's creation (events of one booking arrive in order).
    const billed = await deps.lines.findById(line.id);
    if (!billed) {
      logger.warn(
        { bookingId: booking.id },
        'cancellation of a booking that was never billed; nothing to reverse',
      );
      return;
    }
    await deps.lines.insert(
      { ...billed, id: `${booking.id}:cancelled`, amount: -billed.amount, createdAt: fact.occurredAt },
      fact.eventId,
    );
  };
}
