import { waitFor } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact, errorOf, type FlightOffer, flightOffers } from '../support/bookings';
import { startInfra, stopInfra, waitAllServing } from '../support/faults';
import { ANSWER_BOUND_MS, platformHealth } from '../support/gateway';

// The store goes away under a running platform and comes back (issue 18, "Never wedge"): calls that need it
// fail fast with 503, and every service recovers on its own once it is back, without a restart.
// The e2e tier runs one file at a time, so no other suite shares the outage.

let secret: string;
let offers: FlightOffer[];

beforeAll(async () => {
  ({
    key: { secret },
  } = await newPartner(await platformAdmin()));
  offers = await flightOffers(secret);
});
afterAll(async () => {
  await startInfra('secantusd'); // whatever happened, leave the store running for the next suite
});

describe('a store outage', () => {
  it('when the store stops, then bookings are 503 in time; when it is back, everything recovers alone', async () => {
    // Signed in first: the staff's report needs identity, and identity needs the store, to sign anyone in.
    expect((await platformHealth()).data.services.booking?.status).toBe('SERVING');
    await stopInfra('secantusd');

    const started = performance.now();
    const refused = await book(secret, { offerToken: offers[0]?.offerToken, contact });
    expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
    expect([refused.status, errorOf(refused).code]).toEqual([503, 'service_unavailable']);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await waitFor(
      async () =>
        // Booking stays ready (its process serves); its store check says the store is down.
        expect((await platformHealth()).data.services.booking).toMatchObject({
          status: 'SERVING',
          dependencies: { mongodb: 'NOT_SERVING' },
        }),
      { timeoutMs: 15_000, intervalMs: 250 },
    );

    await startInfra('secantusd');
    await waitAllServing(30_000);
    const booked = await book(secret, { offerToken: offers[1]?.offerToken, contact });
    expect(booked.status).toBe(201);
  });
});
