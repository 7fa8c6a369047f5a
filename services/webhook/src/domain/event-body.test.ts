import { bookingEvents, invoiceEvents } from '@travel/contracts';
import { renderEventBody } from './event-body';

const envelope = (type: string, payload: Uint8Array) => ({
  id: 'evt_abc',
  type,
  occurredAt: new Date('2026-11-21T10:00:00.123Z'),
  tenantId: 'ten_a',
  clientId: '7',
  livemode: false,
  payload: Buffer.from(payload),
});

describe('renderEventBody', () => {
  it('when a booking event is rendered, then data has the eight booking fields, reference null and simulated true when absent', () => {
    const payload = bookingEvents.BookingEvent.encode({
      id: 'bkg_1',
      pnr: 'ABC234',
      type: 'hotel',
      status: 'Cancelled',
      amount: 900,
      currency: 'INR',
      route: 'Taj, Goa',
      date: '2026-12-01',
    }).finish();
    expect(JSON.parse(renderEventBody(envelope('booking.cancelled', payload), 'booking.cancelled'))).toEqual({
      id: 'evt_abc',
      type: 'booking.cancelled',
      created: '2026-11-21T10:00:00.123Z',
      livemode: false,
      data: {
        id: 'bkg_1',
        pnr: 'ABC234',
        type: 'hotel',
        status: 'Cancelled',
        amount: 900,
        currency: 'INR',
        reference: null,
        simulated: true,
      },
    });
  });

  it('when a booking event says whether its supply was simulated, then data says what it says', () => {
    const render = (simulated: boolean) => {
      const payload = bookingEvents.BookingEvent.encode(
        bookingEvents.BookingEvent.fromPartial({ id: 'bkg_2', simulated }),
      ).finish();
      return JSON.parse(renderEventBody(envelope('booking.created', payload), 'booking.created')).data
        .simulated;
    };
    expect([render(true), render(false)]).toEqual([true, false]);
  });

  it('when invoice.paid is rendered, then data has the six invoice fields with the due date spelled out', () => {
    const payload = invoiceEvents.InvoiceEvent.encode({
      id: 'inv_3',
      number: 'INV-2026-000003',
      amount: 100,
      paidAmount: 100,
      status: 'paid',
      dueDate: '2027-01-09',
    }).finish();
    expect(JSON.parse(renderEventBody(envelope('invoice.paid', payload), 'invoice.paid')).data).toEqual({
      id: 'inv_3',
      number: 'INV-2026-000003',
      amount: 100,
      paidAmount: 100,
      status: 'paid',
      dueDate: '09 Jan 2027',
    });
  });

  it('when a sequence is given, then the body carries it between livemode and data, and without one it has none', () => {
    const payload = bookingEvents.BookingEvent.encode({
      id: 'bkg_2',
      pnr: 'XYZ234',
      type: 'car',
      status: 'Upcoming',
      amount: 500,
      currency: 'INR',
      route: 'Goa',
      date: '2026-12-02',
    }).finish();
    const event = envelope('booking.created', payload);
    expect(Object.keys(JSON.parse(renderEventBody(event, 'booking.created', 42)))).toEqual([
      'id',
      'type',
      'created',
      'livemode',
      'sequence',
      'data',
    ]);
    expect(JSON.parse(renderEventBody(event, 'booking.created', 42)).sequence).toBe(42);
    expect(JSON.parse(renderEventBody(event, 'booking.created'))).not.toHaveProperty('sequence');
  });
});
