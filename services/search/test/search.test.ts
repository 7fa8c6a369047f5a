import { pricing, search } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import { createOfferTokenVerifier, generateOfferKeyPair } from '@travel/offer-tokens';
import {
  createServiceClient,
  documented,
  partnerCaller,
  peerTlsEnv,
  type ServiceUnderTest,
  staffCaller,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  waitFor,
  wireCallers,
} from '@travel/testkit';
import type { Connection } from 'mongoose';
import { readConfig as readPricingConfig } from '../../pricing/src/config';
import { createPricingService } from '../../pricing/src/service';
import { readConfig } from '../src/config';
import { createSearchService } from '../src/service';

// Fixed "now" so dates in the requests never drift into the past.
const now = new Date('2026-11-21T10:00:00Z');
const keys = generateOfferKeyPair();
const verifier = createOfferTokenVerifier({ publicKeyPem: keys.publicKeyPem, now: () => now });
const TENANT = 'ten_search_ct';
const TENANT_FLIGHT_MARGIN_BPS = 1000;
const live = (tenantId?: string) => partnerCaller(7, 'live', tenantId);

let client: ServiceClient<typeof search.SearchServiceDefinition>;
let rules: ServiceClient<typeof pricing.PricingServiceDefinition>;
let searchService: ServiceUnderTest;
/** Pricing's stop while it runs (the read model's last test stops it). */
let stopPricing: (() => Promise<void>) | undefined;
let pricingDb: Connection;

beforeAll(async () => {
  // Pricing publishes its rule changes on `pricing.changes` in this file's own namespace; search hears them there.
  const kafka = {
    KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct_search')}.`,
  };
  const pricingConfig = readPricingConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('pricing'),
    MONGO_URL: testInfra().mongoUrl,
    MONGO_DATABASE: uniqueName('ct_search_pricing'),
    ...kafka,
  });
  const builtPricing = createPricingService(pricingConfig, testLogger());
  const pricingService = await startServiceUnderTest(builtPricing);
  stopPricing = pricingService.stop;
  pricingDb = builtPricing.mongo.connection;
  const config = readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('search'),
    ...kafka,
    PRICING_ADDRESS: pricingService.address,
    OFFER_TOKEN_PRIVATE_KEY: keys.privateKeyPem,
  });
  searchService = await startServiceUnderTest(createSearchService(config, testLogger(), { now: () => now }));
  rules = createServiceClient(pricing.PricingServiceDefinition, pricingService.address, {
    deadlineMs: 5000,
  });
  await rules.createRule({
    caller: wireCallers.platformStaff(['pricing']),
    kind: 'margin',
    tenantId: TENANT,
    service: 'flight',
    bps: TENANT_FLIGHT_MARGIN_BPS,
  });
  client = createServiceClient(search.SearchServiceDefinition, searchService.address, { deadlineMs: 10_000 });
});
afterAll(async () => {
  await searchService?.stop();
  if (stopPricing) {
    await pricingDb?.dropDatabase();
    await stopPricing();
  }
});

/** docs/decisions/search-and-pricing.md, "Integer arithmetic": integer basis points, each component rounded half up to whole rupees. */
function expectedPrice(subtotal: number, marginBps: number, taxBps: number, feeBps: number) {
  const round = (value: number, bps: number) => Math.floor((value * bps + 5000) / 10_000);
  const baseAmount = round(subtotal, 10_000 + marginBps);
  const tax = round(baseAmount, taxBps);
  const fee = round(baseAmount, feeBps);
  return { baseAmount, tax, fee, total: baseAmount + tax + fee, currency: 'INR' };
}

function claimsOf(token: string) {
  const check = verifier.verify(token);
  if (check.result !== 'valid') throw new Error(`token ${check.result}`);
  return check.claims;
}

/** Until when a token books: 15 minutes after the search. */
const FIFTEEN_MINUTES_ON = new Date(now.getTime() + 900_000);
function expiryOf(token: string) {
  const check = verifier.verify(token);
  return 'expiresAt' in check ? check.expiresAt : undefined;
}

describe('search service', () => {
  it('when probed, then the process is SERVING (it owns no database)', async () => {
    expect(await searchService.health()).toBe('SERVING');
  });

  it('when a tenant searches a round trip, then both legs are priced with its margin and carry its own tokens', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "Every offer is priced for the key's tenant (the platform default margin when the client is not linked to one); book it within 15 minutes with `POST /bookings`.",
    );
    const request = {
      caller: live(TENANT),
      from: 'Delhi',
      to: 'bom',
      departDate: '2026-12-05',
      returnDate: '2026-12-09',
      adults: 2,
      cabin: 'economy',
    };
    const reply = await client.searchFlights(request, withRequestMetadata('req_search_ct_1'));
    expect(reply.roundTrip).toBe(true);
    // The answer says where its offers came from, as each token does (the gateway repeats it).
    expect(reply.simulated).toBe(true);
    expect(reply.onward.length).toBeGreaterThanOrEqual(6);
    expect(reply.return.length).toBeGreaterThanOrEqual(6);
    for (const offer of reply.onward)
      expect(offer).toMatchObject({ from: 'DEL', to: 'BOM', date: '2026-12-05' });
    for (const offer of reply.return)
      expect(offer).toMatchObject({ from: 'BOM', to: 'DEL', date: '2026-12-09' });
    for (const offer of [...reply.onward, ...reply.return]) {
      expect(offer.subtotal).toBe(offer.pricePerAdult * 2);
      expect(offer.price).toEqual(expectedPrice(offer.subtotal, TENANT_FLIGHT_MARGIN_BPS, 500, 200));
      expect(expiryOf(offer.offerToken)).toEqual(FIFTEEN_MINUTES_ON);
      const { offerToken, price: _price, ...fields } = offer;
      expect(claimsOf(offerToken)).toEqual({
        type: 'flight',
        tenantId: TENANT,
        clientId: 7,
        environment: 'live',
        subtotal: offer.subtotal,
        offer: fields,
        // Where it came from: the simulated inventory (docs/decisions/sandbox.md).
        simulated: true,
      });
    }
    const tokens = [...reply.onward, ...reply.return].map((offer) => offer.offerToken);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('when the same search runs twice, then the offers are identical apart from their tokens', async () => {
    const request = {
      caller: live(TENANT),
      from: 'BLR',
      to: 'Dubai',
      departDate: '2026-12-20',
      adults: 1,
      cabin: 'business',
    };
    const withoutTokens = (reply: search.SearchFlightsResponse) =>
      JSON.stringify(reply.onward.map(({ offerToken: _token, ...offer }) => offer));
    const first = await client.searchFlights(request);
    const second = await client.searchFlights(request);
    expect(withoutTokens(second)).toBe(withoutTokens(first));
    expect(first.roundTrip).toBe(false);
    expect(first.return).toEqual([]);
    const otherDay = await client.searchFlights({ ...request, departDate: '2026-12-21' });
    expect(withoutTokens(otherDay)).not.toBe(withoutTokens(first));
  });

  it('when a client without a tenant searches hotels, then the platform default margin applies and the token says so', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`subtotal` is `pricePerNight × nights × rooms`; every result is priced for the key's tenant and bookable with its `offerToken` for 15 minutes.",
    );
    const reply = await client.searchHotels({
      caller: partnerCaller(8, 'test'),
      city: 'goa',
      checkIn: '2026-12-05',
      checkOut: '2026-12-08',
      rooms: 2,
      guests: 3,
    });
    expect(reply.nights).toBe(3);
    expect(reply.simulated).toBe(true);
    expect(reply.results.length).toBeGreaterThanOrEqual(6);
    for (const hotel of reply.results) {
      expect(hotel).toMatchObject({ city: 'Goa', nights: 3, rooms: 2, guests: 3, currency: 'INR' });
      expect(hotel.subtotal).toBe(hotel.pricePerNight * 3 * 2);
      expect(hotel.price).toEqual(expectedPrice(hotel.subtotal, 500, 1200, 200));
      expect(expiryOf(hotel.offerToken)).toEqual(FIFTEEN_MINUTES_ON);
      expect(claimsOf(hotel.offerToken)).toMatchObject({
        type: 'hotel',
        tenantId: null,
        clientId: 8,
        environment: 'test',
        offer: { id: hotel.id, name: hotel.name, city: 'Goa', checkIn: '2026-12-05', nights: 3, rooms: 2 },
      });
    }
  });

  it('when cars are searched for a same-day rental, then it is one day and priced with the platform default margin', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "`days` is the number of days from `from` to `until`, at least 1 (a same-day rental counts one day); `subtotal` is `pricePerDay × days`; every result is priced for the key's tenant and bookable with its `offerToken` for 15 minutes.",
    );
    const reply = await client.searchCars({
      caller: live(TENANT),
      pickup: 'PNQ',
      from: '2026-12-05',
      until: '2026-12-05',
      driverAge: 30,
    });
    expect(reply.days).toBe(1);
    expect(reply.simulated).toBe(true);
    expect(reply.results.length).toBeGreaterThanOrEqual(5);
    for (const car of reply.results) {
      expect(car).toMatchObject({ pickup: 'Pune Airport (PNQ)', days: 1, currency: 'INR' });
      expect(car.subtotal).toBe(car.pricePerDay);
      // The tenant's margin rule is for flights only: cars fall back to the platform default.
      expect(car.price).toEqual(expectedPrice(car.subtotal, 500, 500, 200));
      expect(expiryOf(car.offerToken)).toEqual(FIFTEEN_MINUTES_ON);
      expect(claimsOf(car.offerToken)).toMatchObject({
        type: 'car',
        tenantId: TENANT,
        offer: { name: car.name, days: 1 },
      });
    }
  });

  it('when fields break the rules, then bad_request names each field as the HTTP body does', async () => {
    await expect(
      client.searchFlights({
        caller: live(TENANT),
        from: 'Atlantis',
        to: 'BOM',
        departDate: '2027-02-30',
        returnDate: '2026-11-20',
        adults: 10,
        cabin: 'economy',
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'from', message: 'unknown airport or city' },
        { path: 'departDate', message: 'must be a real calendar day in the form YYYY-MM-DD' },
        { path: 'returnDate', message: 'must not be in the past' },
        { path: 'adults', message: 'must be an integer from 1 to 9' },
      ],
    });
    await expect(
      client.searchHotels({
        caller: live(),
        city: 'Goa',
        checkIn: '2026-12-05',
        checkOut: '2026-12-05',
        rooms: 6,
        guests: 0,
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'checkOut' }, { path: 'rooms' }, { path: 'guests' }],
    });
    await expect(
      client.searchCars({
        caller: live(),
        pickup: 'Goa',
        from: '2026-12-05',
        until: '2026-12-04',
        driverAge: 17,
      }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [{ path: 'until' }, { path: 'driverAge' }] });
  });
});

/** docs/access.md, "Callers": a search is a partner client's or, explicitly, the public storefront's. */
describe('search callers', () => {
  const flights = { from: 'DEL', to: 'BOM', departDate: '2026-12-05', adults: 1, cabin: 'economy' };

  it('when a search names no caller and is not the storefront, or a caller that is not a partner, then it is forbidden', async () => {
    await expect(client.searchFlights(flights)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      client.searchCars({ pickup: 'Goa', from: '2026-12-05', until: '2026-12-06', driverAge: 30 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const staff = staffCaller({ userId: 'usr_1', tenantId: TENANT });
    await expect(client.searchFlights({ ...flights, caller: staff })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('when the storefront searches, then its tokens name no tenant and no client, whatever caller rides along', async () => {
    const reply = await client.searchFlights({ ...flights, storefront: true, caller: live(TENANT) });
    const claims = claimsOf(reply.onward[0]?.offerToken ?? '');
    expect(claims).toMatchObject({ clientId: 0, environment: 'live', storefront: true });
    expect(claims.tenantId ?? null).toBeNull();
  });
});

/** docs/decisions/search-and-pricing.md, "Prices": search prices from its read model of pricing's rates. */
describe("search's read model of pricing's rates", () => {
  const TENANT_OF_CHANGES = 'ten_search_rates';
  const hotels = (tenantId: string) =>
    client.searchHotels({
      caller: live(tenantId),
      city: 'Jaipur',
      checkIn: '2026-12-10',
      checkOut: '2026-12-12',
      rooms: 1,
      guests: 2,
    });
  /** Every hotel of the answer priced with this margin (hotel tax 1200, fee 200: the defaults). */
  const pricedWithMargin = (reply: search.SearchHotelsResponse, marginBps: number) => {
    expect(reply.results.length).toBeGreaterThan(0);
    for (const hotel of reply.results)
      expect(hotel.price).toEqual(expectedPrice(hotel.subtotal, marginBps, 1200, 200));
  };

  it("when a tenant's margin rule changes through pricing, then its searches show the new price within the broadcast's delay", async () => {
    // Held now: the platform default margin.
    pricedWithMargin(await hotels(TENANT_OF_CHANGES), 500);
    const { rule } = await rules.createRule({
      caller: wireCallers.platformStaff(['pricing']),
      kind: 'margin',
      tenantId: TENANT_OF_CHANGES,
      service: 'hotel',
      bps: 1500,
    });
    await waitFor(async () => pricedWithMargin(await hotels(TENANT_OF_CHANGES), 1500), {
      timeoutMs: 5000,
    });
    await rules.updateRule({ caller: wireCallers.platformStaff(['pricing']), id: rule?.id ?? '', bps: 750 });
    await waitFor(async () => pricedWithMargin(await hotels(TENANT_OF_CHANGES), 750), { timeoutMs: 5000 });
  });

  // Last in the file: pricing stays stopped.
  it('when pricing is stopped, then the rates held are still served, and a search whose rates are not held is unavailable', async () => {
    const held = await hotels(TENANT_OF_CHANGES);
    pricedWithMargin(held, 750);
    await pricingDb.dropDatabase();
    const stop = stopPricing;
    stopPricing = undefined;
    await stop?.();

    const served = await hotels(TENANT_OF_CHANGES);
    expect(served.results.map((hotel) => hotel.price)).toEqual(held.results.map((hotel) => hotel.price));
    expect(await searchService.health()).toBe('SERVING');
    await expect(hotels('ten_search_cold')).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
