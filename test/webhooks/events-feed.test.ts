import { PartnerClient } from '@partner-travel/sdk';
import { documented, type Received, startReceiver, waitFor } from '@travel/testkit';
import { ALL_SCOPES, newPartner, platformAdmin } from '../support/admin';
import {
  type Booking,
  book,
  contact,
  dataOf,
  detailPaths,
  errorOf,
  flightOffers,
  partnerCall,
} from '../support/bookings';
import { type ApiResponse, gatewayUrl } from '../support/gateway';
import { registerWebhook } from '../support/webhooks';

interface FeedEvent {
  id: string;
  type: string;
  created: string;
  livemode: boolean;
  sequence: number;
  data: { id: string; status?: string };
}
interface FeedPage {
  data: FeedEvent[];
  hasMore: boolean;
  nextCursor: string | null;
}

type Hooks = Awaited<ReturnType<typeof startReceiver>>;
const receivers: Hooks[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
});

const pageOf = (res: ApiResponse) => res.body as FeedPage;
const events = (secret: string, query = '') => partnerCall(secret, 'GET', `/api/v1/events${query}`);

async function bookOne(secret: string): Promise<Booking> {
  const [offer] = await flightOffers(secret);
  const res = await book(secret, { offerToken: offer?.offerToken, contact });
  expect(res.status).toBe(201);
  return dataOf(res);
}

/** The whole feed, oldest first: `after=0`, then each `nextCursor`, one event a page. */
async function catchUp(secret: string): Promise<FeedEvent[]> {
  const all: FeedEvent[] = [];
  let res = await events(secret, '?after=0&limit=1');
  for (;;) {
    expect(res.status).toBe(200);
    const page = pageOf(res);
    all.push(...page.data);
    if (!page.hasMore) return all;
    res = await events(secret, `?limit=1&cursor=${encodeURIComponent(page.nextCursor ?? '')}`);
  }
}

describe('events feed through the whole platform', () => {
  it('when a partner books and cancels, then its feed has every event, contiguous from 1, newest first or caught up oldest first, and the delivery carries the same sequence', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Every event the calling client may see in the key's environment, whether or not an endpoint of it was subscribed to the type: its `booking.created` and `booking.cancelled`",
    );
    const { key } = await newPartner(await platformAdmin());
    const hooks = await startReceiver();
    receivers.push(hooks);
    // Subscribed to cancellations only: the feed still has the bookings.
    expect(
      (await registerWebhook(key.secret, { url: hooks.url, events: ['booking.cancelled'] })).status,
    ).toBe(201);
    const bookings = [await bookOne(key.secret), await bookOne(key.secret), await bookOne(key.secret)];
    const cancelled = bookings[1] as Booking;
    expect((await partnerCall(key.secret, 'POST', `/api/v1/bookings/${cancelled.id}/cancel`)).status).toBe(
      200,
    );

    await waitFor(async () => expect(pageOf(await events(key.secret)).data).toHaveLength(4), {
      timeoutMs: 30_000,
    });
    const caughtUp = await catchUp(key.secret);
    expect(caughtUp.map((event) => event.sequence)).toEqual([1, 2, 3, 4]);
    expect(caughtUp.map((event) => [event.type, event.data.id])).toEqual([
      ['booking.created', bookings[0]?.id],
      ['booking.created', bookings[1]?.id],
      ['booking.created', bookings[2]?.id],
      ['booking.cancelled', cancelled.id],
    ]);
    expect(caughtUp.every((event) => event.livemode)).toBe(true);

    const newest = pageOf(await events(key.secret));
    expect([newest.data.map((event) => event.sequence), newest.hasMore, newest.nextCursor]).toEqual([
      [4, 3, 2, 1],
      false,
      null,
    ]);
    const afterTwo = pageOf(await events(key.secret, '?after=2'));
    expect(afterTwo.data.map((event) => event.sequence)).toEqual([3, 4]);
    const cancels = pageOf(await events(key.secret, '?type=booking.cancelled'));
    expect(cancels.data.map((event) => event.sequence)).toEqual([4]);

    const cancel = caughtUp[3] as FeedEvent;
    const one = await partnerCall(key.secret, 'GET', `/api/v1/events/${cancel.id}`);
    expect(one.status).toBe(200);
    expect((one.body as { data: FeedEvent }).data).toEqual(cancel);

    // The SDK's iterators walk the same feed: catch-up oldest first, one event a page, and newest first.
    const sdk = new PartnerClient({ apiKey: key.secret, baseUrl: `${gatewayUrl()}/api/v1` });
    const walked: number[] = [];
    for await (const event of sdk.eventsAfter(1, { limit: 1 })) walked.push(event.sequence);
    expect(walked).toEqual([2, 3, 4]);
    const newestFirst: string[] = [];
    for await (const event of sdk.events({ limit: 3 })) newestFirst.push(event.id);
    expect(newestFirst).toEqual([...caughtUp].reverse().map((event) => event.id));
    expect(await sdk.getEvent(cancel.id)).toEqual(cancel);

    await waitFor(() => expect(hooks.received).toHaveLength(1), { timeoutMs: 20_000 });
    const delivered = JSON.parse((hooks.received[0] as Received).rawBody);
    expect(delivered).toEqual({ ...cancel });
    expect(Object.keys(delivered)).toEqual(Object.keys(cancel));
  });

  it("when another client, the client's test key or a key without webhooks:manage reads, then none sees the events; by id 404; a bad query is 400 on every field", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A `limit` that is not an integer from 1 to 100, a `cursor` this list did not return, `after` that is not a whole number, `after` together with `cursor`, or an unknown `type` is `400 bad_request` with a `details` entry for each.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`404 not_found` when no event of the calling client in the key's environment has this id: another client's, the other environment's",
    );
    const admin = await platformAdmin();
    const { client, key } = await newPartner(admin);
    const { key: other } = await newPartner(admin);
    const test = await admin.createKey(client.id, { environment: 'test' });
    const unscoped = await admin.createKey(client.id, {
      scopes: ALL_SCOPES.filter((s) => s !== 'webhooks:manage'),
    });
    await bookOne(key.secret);
    await waitFor(async () => expect(pageOf(await events(key.secret)).data).toHaveLength(1), {
      timeoutMs: 30_000,
    });
    const [event] = pageOf(await events(key.secret)).data as [FeedEvent];

    for (const intruder of [other.secret, test.secret]) {
      expect(pageOf(await events(intruder, '?after=0')).data).toEqual([]);
      const byId = await partnerCall(intruder, 'GET', `/api/v1/events/${event.id}`);
      expect([byId.status, errorOf(byId).code]).toEqual([404, 'not_found']);
    }
    const malformed = await partnerCall(key.secret, 'GET', '/api/v1/events/whk_1');
    expect([malformed.status, errorOf(malformed).code]).toEqual([404, 'not_found']);
    const refused = await events(unscoped.secret);
    expect([refused.status, errorOf(refused).code]).toEqual([403, 'insufficient_scope']);

    const bad = await events(key.secret, '?limit=0&after=-1&type=booking.updated&cursor=nope');
    expect([bad.status, errorOf(bad).code]).toEqual([400, 'bad_request']);
    expect(detailPaths(bad)?.sort()).toEqual(['after', 'limit', 'type']);
    const notOurs = await events(key.secret, '?cursor=nope');
    expect([notOurs.status, detailPaths(notOurs)]).toEqual([400, ['cursor']]);
    const fraction = await events(key.secret, '?after=1.5');
    expect([fraction.status, detailPaths(fraction)]).toEqual([400, ['after']]);
    const both = await events(key.secret, '?after=1&cursor=nope');
    expect([both.status, detailPaths(both)?.sort()]).toEqual([400, ['after', 'cursor']]);
  });
});
