import { formatCreatedAt } from '../common/offer-presenters';
import { Booking, BookingListItem } from '../common/partner-contract/components';
import { bookingReply } from './booking.fixture';
import { presentBooking, presentBookingListItem } from './booking-presenters';

const reply = bookingReply();
const listed = {
  id: 'bkg_42',
  pnr: 'K7Q2ZP',
  type: 'flight',
  route: 'DEL → BOM',
  date: '2026-12-10',
  status: 'Upcoming',
  amount: 5890,
  currency: 'INR',
  reference: null,
  livemode: true,
  simulated: true,
  createdAt: '2026-11-21 04:05:06',
};

describe('booking presenters', () => {
  it('when a booking is listed, then it shows the list fields only, absent reference as null', () => {
    expect(presentBookingListItem(reply)).toEqual(listed);
  });

  it('when a booking is presented, then the contract response schemas accept it', () => {
    expect(BookingListItem.safeParse(presentBookingListItem(reply)).success).toBe(true);
    expect(Booking.safeParse(presentBooking(reply)).success).toBe(true);
  });

  it('when a booking is read alone, then contact (absent phone as null) and travellers are added', () => {
    expect(presentBooking(reply)).toEqual({
      ...listed,
      contact: { name: 'Asha Rao', email: 'asha@example.com', phone: null },
      travellers: [{ firstName: 'Asha', lastName: 'Rao' }],
    });
  });

  it('when the booking service says its supply was not simulated, then the booking says so', () => {
    expect(presentBooking(bookingReply({ simulated: false })).simulated).toBe(false);
  });

  it('when reference and phone are present, then they are shown', () => {
    const shown = presentBooking(
      bookingReply({ reference: 'PO-1', contact: { name: 'A', email: 'a@b.in', phone: '+91 1' } }),
    );
    expect([shown.reference, shown.contact.phone]).toEqual(['PO-1', '+91 1']);
  });

  it('when createdAt is formatted, then it is YYYY-MM-DD HH:MM:SS in UTC whatever the local zone', () => {
    expect(formatCreatedAt(new Date('2026-01-02T23:59:59.999+05:30'))).toBe('2026-01-02 18:29:59');
  });

  it('when the service answers no booking or no contact, then it is an error, not an empty shape', () => {
    expect(() => presentBooking(undefined)).toThrow();
    expect(() => presentBooking({ ...reply, contact: undefined })).toThrow();
  });
});
