import { type AdminApi, platformAdmin } from '../support/admin';
import { type Booking, book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { codeOf, consoleCall } from '../support/console-calls';
import { tenantStaff } from '../support/staff';

// A tenant's staff read one of the tenant's bookings and cancel an API client's booking from a cancellation quote
// (the partner console, issue 46; docs/decisions/bookings.md "Admin bookings"), through the launched platform,
// every answer checked against the internal OpenAPI document; another tenant's staff reach none of it.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
}, 60_000);

interface Quote {
  id: string;
  bookingId: string;
  refundAmount: number;
  penalty: number;
  expiresAt: string;
}
const dataOfQuote = (res: { body: unknown }) => (res.body as { data: Quote }).data;

async function partnerBooking(secret: string): Promise<Booking> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res);
}

describe("staff and an API client's booking", () => {
  it('when tenant staff read it and cancel it from its quote, then it is cancelled at the quoted refund for the client too', async () => {
    const staff = await tenantStaff(admin, ['bookings']);
    const booking = await partnerBooking(staff.key.secret);

    const read = await consoleCall(staff.token, 'GET', `/api/admin/bookings/${booking.id}`);
    expect(read.status).toBe(200);
    expect(dataOf(read)).toMatchObject({ id: booking.id, status: 'Upcoming', channel: 'partner', contact });

    const bare = await consoleCall(staff.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {});
    expect(codeOf(bare)).toEqual([409, 'conflict']);

    const quoted = await consoleCall(
      staff.token,
      'POST',
      `/api/admin/bookings/${booking.id}/cancellation-quote`,
      {},
    );
    expect(quoted.status).toBe(200);
    const quote = dataOfQuote(quoted);
    expect(quote).toMatchObject({ bookingId: booking.id, refundAmount: booking.amount, penalty: 0 });

    const cancelled = await consoleCall(staff.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {
      quoteId: quote.id,
    });
    expect([cancelled.status, dataOf(cancelled).status]).toEqual([200, 'Cancelled']);
    const seen = await partnerCall(staff.key.secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(seen).status).toBe('Cancelled');
  });

  it('when the quote names another booking or is unknown, then 409 quote_invalid and nothing is cancelled', async () => {
    const staff = await tenantStaff(admin, ['bookings']);
    const [first, second] = [await partnerBooking(staff.key.secret), await partnerBooking(staff.key.secret)];
    const quote = dataOfQuote(
      await consoleCall(staff.token, 'POST', `/api/admin/bookings/${first.id}/cancellation-quote`),
    );
    const wrong = await consoleCall(staff.token, 'POST', `/api/admin/bookings/${second.id}/cancel`, {
      quoteId: quote.id,
    });
    expect(codeOf(wrong)).toEqual([409, 'quote_invalid']);
    const status = dataOf(await consoleCall(staff.token, 'GET', `/api/admin/bookings/${second.id}`)).status;
    expect(status).toBe('Upcoming');
  });

  it("when another tenant's staff name the booking, then 404 for the read, the quote and the cancel, and it stays", async () => {
    const owner = await tenantStaff(admin, ['bookings']);
    const other = await tenantStaff(admin, ['bookings']);
    const booking = await partnerBooking(owner.key.secret);
    const quote = dataOfQuote(
      await consoleCall(owner.token, 'POST', `/api/admin/bookings/${booking.id}/cancellation-quote`),
    );
    expect(codeOf(await consoleCall(other.token, 'GET', `/api/admin/bookings/${booking.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(
      codeOf(await consoleCall(other.token, 'POST', `/api/admin/bookings/${booking.id}/cancellation-quote`)),
    ).toEqual([404, 'not_found']);
    expect(
      codeOf(
        await consoleCall(other.token, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {
          quoteId: quote.id,
        }),
      ),
    ).toEqual([404, 'not_found']);
    const still = await partnerCall(owner.key.secret, 'GET', `/api/v1/bookings/${booking.id}`);
    expect(dataOf(still).status).toBe('Upcoming');
  });
});
