import { bookingEvents } from '@travel/contracts';
import { type EventEnvelope, PoisonEventError } from '@travel/events';
import { decodeBookingFact } from './booking-events.consumer';

const occurredAt = new Date('2026-03-01T10:00:00Z');
const booking: bookingEvents.BookingEvent = {
  id: 'bkg_7',
  pnr: 'ABC234',
  type: 'flight',
  status: 'Upcoming',
  amount: 5400,
  currency: 'INR',
  route: 'DEL → BOM',
  date: '2026-04-01',
};
const envelope = (payload: Uint8Array, fields: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: 'evt_1',
  type: 'booking.created',
  occurredAt,
  tenantId: 'ten_1',
  clientId: '3',
  livemode: true,
  payload: Buffer.from(payload),
  ...fields,
});
const encode = (event: bookingEvents.BookingEvent) => bookingEvents.BookingEvent.encode(event).finish();

describe('booking events consumer decoding', () => {
  it('when a booking event is well formed, then the fact carries the tenant, mode and booking', () => {
    expect(decodeBookingFact(envelope(encode(booking), { livemode: false }))).toEqual({
      eventId: 'evt_1',
      type: 'booking.created',
      tenantId: 'ten_1',
      livemode: false,
      occurredAt,
      booking: {
        id: 'bkg_7',
        pnr: 'ABC234',
        route: 'DEL → BOM',
        date: '2026-04-01',
        amount: 5400,
        // Published before the mark: every booking then was simulated.
        simulated: true,
      },
    });
  });

  it('when a booking event says whether its supply was simulated, then the fact (and its line) says what it says', () => {
    const simulatedOf = (simulated: boolean) => {
      const fact = decodeBookingFact(envelope(encode({ ...booking, simulated })));
      return fact === 'storefront' ? null : fact.booking.simulated;
    };
    expect([simulatedOf(true), simulatedOf(false)]).toEqual([true, false]);
  });

  it('when the payload does not decode, or lacks the booking id or the tenant, then it is poison', () => {
    expect(() => decodeBookingFact(envelope(Buffer.from([0x0a, 0xff, 0xff])))).toThrow(PoisonEventError);
    expect(() => decodeBookingFact(envelope(encode({ ...booking, id: '' })))).toThrow(PoisonEventError);
    expect(() => decodeBookingFact(envelope(encode(booking), { tenantId: '' }))).toThrow(PoisonEventError);
  });

  it("when a tenant's booking carries a voucher discount, then the tenant owes the amount less it", () => {
    const discounted = decodeBookingFact(envelope(encode({ ...booking, discount: 400 })));
    expect(discounted).toMatchObject({ booking: { id: 'bkg_7', amount: 5000 } });
    expect(() => decodeBookingFact(envelope(encode({ ...booking, discount: 5401 })))).toThrow(
      PoisonEventError,
    );
  });

  it("when the booking is a storefront customer's, then it is no tenant's fact (never invoiced, never poison)", () => {
    const storefront = encode({ ...booking, customerId: 'cus_1', walletPaid: 400, charged: 5000 });
    expect(decodeBookingFact(envelope(storefront, { tenantId: '', clientId: '' }))).toBe('storefront');
  });
});
