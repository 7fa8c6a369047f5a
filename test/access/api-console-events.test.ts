import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { type Booking, book, contact, dataOf, flightOffers, partnerCall } from '../support/bookings';
import { codeOf, consoleCall } from '../support/console-calls';
import { tenantStaff } from '../support/staff';

// The tenant's view of its clients' events feeds (the partner console, issue 46): the partner feed's events of
// one client and mode, read with a staff token, every answer checked against the internal OpenAPI document.
let admin: AdminApi;

beforeAll(async () => {
  admin = await platformAdmin();
}, 60_000);

interface FeedEvent {
  id: string;
  type: string;
  sequence: number;
  livemode: boolean;
  data: { id?: string };
}
interface Page {
  data: FeedEvent[];
  nextCursor: string | null;
}
const pageOf = (res: { body: unknown }) => res.body as Page;

async function partnerBooking(secret: string): Promise<Booking> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res);
}

describe("the API console: a client's events", () => {
  it("when a client books, then its tenant's staff read the event in the client's feed of that mode, and none in the other", async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const booking = await partnerBooking(staff.key.secret);
    const mode = staff.key.environment;
    const path = `/api/admin/api-console/clients/${staff.client.id}/events`;
    await waitFor(
      async () => {
        const feed = pageOf(await consoleCall(staff.token, 'GET', `${path}?environment=${mode}`));
        expect(feed.data.map((event) => [event.type, event.data.id, event.sequence])).toEqual([
          ['booking.created', booking.id, 1],
        ]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const other = mode === 'live' ? 'test' : 'live';
    const empty = await consoleCall(staff.token, 'GET', `${path}?environment=${other}`);
    expect([empty.status, pageOf(empty).data]).toEqual([200, []]);
    const typed = await consoleCall(staff.token, 'GET', `${path}?environment=${mode}&type=booking.cancelled`);
    expect(pageOf(typed).data).toEqual([]);
  });

  it("when staff read one event by id (a delivery's payload), then it is the partner's GET /events/{id} body; the other mode's, another client's and another tenant's staff get 404", async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const booking = await partnerBooking(staff.key.secret);
    const mode = staff.key.environment;
    const clientPath = `/api/admin/api-console/clients/${staff.client.id}/events`;
    let event: FeedEvent | undefined;
    await waitFor(
      async () => {
        [event] = pageOf(await consoleCall(staff.token, 'GET', `${clientPath}?environment=${mode}`)).data;
        expect(event?.data.id).toBe(booking.id);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const path = `${clientPath}/${event?.id}`;
    const one = await consoleCall(staff.token, 'GET', `${path}?environment=${mode}`);
    const partners = await partnerCall(staff.key.secret, 'GET', `/api/v1/events/${event?.id}`);
    expect([one.status, one.body]).toEqual([200, { data: event }]);
    expect(one.body).toEqual(partners.body);
    const other = mode === 'live' ? 'test' : 'live';
    expect(codeOf(await consoleCall(staff.token, 'GET', `${path}?environment=${other}`))).toEqual([
      404,
      'not_found',
    ]);
    const stranger = await tenantStaff(admin, ['api-console']);
    expect(codeOf(await consoleCall(stranger.token, 'GET', `${path}?environment=${mode}`))).toEqual([
      404,
      'not_found',
    ]);
    // The stranger's own client does not hold the event either (its feed is its own).
    const theirs = `/api/admin/api-console/clients/${stranger.client.id}/events/${event?.id}`;
    expect(codeOf(await consoleCall(stranger.token, 'GET', `${theirs}?environment=${mode}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(codeOf(await consoleCall(staff.token, 'GET', `${clientPath}/whk_1?environment=${mode}`))).toEqual([
      404,
      'not_found',
    ]);
  });

  it('when the query is invalid, then 400 lists every failing field', async () => {
    const staff = await tenantStaff(admin, ['api-console']);
    const res = await consoleCall(
      staff.token,
      'GET',
      `/api/admin/api-console/clients/${staff.client.id}/events?environment=staging&limit=0`,
    );
    expect(res.status).toBe(400);
    const paths = (res.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path);
    expect(paths.sort()).toEqual(['environment', 'limit']);
  });

  it("when another tenant's staff or platform staff name the client, then 404 and 403", async () => {
    const owner = await tenantStaff(admin, ['api-console']);
    await partnerBooking(owner.key.secret);
    const other = await tenantStaff(admin, ['api-console']);
    const path = `/api/admin/api-console/clients/${owner.client.id}/events?environment=${owner.key.environment}`;
    expect(codeOf(await consoleCall(other.token, 'GET', path))).toEqual([404, 'not_found']);
    expect(codeOf(await consoleCall(admin.token, 'GET', path))).toEqual([403, 'forbidden']);
  });
});
