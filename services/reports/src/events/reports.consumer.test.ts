import { bookingEvents, searchLogged } from '@travel/contracts';
import { type EventEnvelope, PoisonEventError } from '@travel/events';
import { decodeSaleFact, decodeSearchFact } from './reports.consumer';

const occurredAt = new Date('2026-03-01T23:59:00Z');
const booking = bookingEvents.BookingEvent.fromPartial({
  id: 'bkg_7',
  pnr: 'ABC234',
  type: 'hotel',
  status: 'Cancelled',
  amount: 5400,
  currency: 'INR',
  route: 'Taj Palace, Mumbai',
  date: '2026-04-01',
});
const envelope = (payload: Uint8Array, fields: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: 'evt_1',
  type: 'booking.cancelled',
  occurredAt,
  tenantId: 'ten_1',
  clientId: '3',
  livemode: true,
  payload: Buffer.from(payload),
  ...fields,
});
const encode = (event: bookingEvents.BookingEvent) => bookingEvents.BookingEvent.encode(event).finish();

describe('reports consumer decoding', () => {
  it('when a live booking event arrives, then its fact is keyed by the booking and kind, dated by the event', () => {
    expect(decodeSaleFact(envelope(encode(booking)))).toEqual({
      id: 'bkg_7:cancellation',
      eventId: 'evt_1',
      kind: 'cancellation',
      day: '2026-03-01',
      service: 'hotel',
      tenantId: 'ten_1',
      amount: 5400,
      destination: { label: 'Mumbai', key: 'mumbai' },
      occurredAt,
    });
  });

  it('when a booking has no tenant (a storefront customer), then it counts for the storefront; test mode is no sale', () => {
    expect(decodeSaleFact(envelope(encode(booking), { tenantId: '', clientId: '' }))?.tenantId).toBe('');
    expect(decodeSaleFact(envelope(encode(booking), { livemode: false }))).toBeNull();
  });

  it('when a payload does not decode or lacks what a sale needs, then it is poison', () => {
    expect(() => decodeSaleFact(envelope(Buffer.from([0x0a, 0xff, 0xff])))).toThrow(PoisonEventError);
    expect(() => decodeSaleFact(envelope(encode({ ...booking, id: '' })))).toThrow(PoisonEventError);
    expect(() => decodeSaleFact(envelope(encode({ ...booking, type: 'train' })))).toThrow(PoisonEventError);
  });

  it('when a search log arrives, then its destination is the searched place; an invalid one is poison', () => {
    const search = (fields: Partial<searchLogged.SearchLogged>) =>
      envelope(searchLogged.SearchLogged.encode({ service: 'flight', ...fields }).finish(), {
        type: 'search.logged',
        tenantId: '',
      });
    expect(decodeSearchFact(search({ from: 'DEL', to: 'bom' }))).toEqual({
      id: 'evt_1',
      day: '2026-03-01',
      service: 'flight',
      destination: { label: 'BOM', key: 'bom' },
      occurredAt,
    });
    expect(() => decodeSearchFact(search({ from: 'DEL' }))).toThrow(PoisonEventError);
  });
});
