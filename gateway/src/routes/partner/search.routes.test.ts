import type { search } from '@travel/contracts';
import { documented } from '@travel/testkit';
import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { searchRoutes } from './search.routes';

/** The partner search routes in front of a search service that answers `simulated` as given (or not at all). */
function appAnswering(simulated: boolean | undefined, asked: string[] = []) {
  const said = simulated === undefined ? {} : { simulated };
  const reply = {
    flights: { onward: [], return: [], roundTrip: false, ...said } satisfies search.SearchFlightsResponse,
    hotels: { nights: 2, results: [], ...said } satisfies search.SearchHotelsResponse,
    cars: { days: 1, results: [], ...said } satisfies search.SearchCarsResponse,
  };
  const answer = (kind: keyof typeof reply) => async () => {
    asked.push(kind);
    return reply[kind];
  };
  const clients = {
    search: { searchFlights: answer('flights'), searchHotels: answer('hotels'), searchCars: answer('cars') },
  } as unknown as ServiceClients;
  return partnerTestApp(searchRoutes({ clients }), testKey({ environment: 'live', tenantId: 'ten_1' }));
}

const searches = [
  ['flights', { from: 'DEL', to: 'BOM', departDate: '2099-12-05' }],
  ['hotels', { city: 'Goa', checkIn: '2099-12-05', checkOut: '2099-12-07' }],
  ['cars', { pickup: 'PNQ', from: '2099-12-05', until: '2099-12-05' }],
] as const;

describe('partner search answers say where their offers came from', () => {
  it.each([
    [true, true],
    [false, false],
    [undefined, true],
  ])('when search answers simulated %s, then every search answer says simulated %s', async (said, shown) => {
    const app = appAnswering(said);
    for (const [kind, body] of searches) {
      const res = await request(app).post(`/api/v1/search/${kind}`).send(body);
      expect({ kind, status: res.status, simulated: res.body.data?.simulated }).toEqual({
        kind,
        status: 200,
        simulated: shown,
      });
    }
  });
});

describe('partner search bodies', () => {
  it('when a place is unknown and another field fails, then the other field is listed and search is not asked (places are looked up once the rest passes)', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A city or airport is looked up once every other field passes: an unknown one is listed when nothing else fails.',
    );
    const asked: string[] = [];
    const app = appAnswering(true, asked);
    const bodies = [
      ['flights', { from: 'Atlantis', to: 'BOM', departDate: '2099-12-05', adults: 10 }, 'adults'],
      ['hotels', { city: 'Atlantis', checkIn: '2099-12-05', checkOut: '2099-12-07', rooms: 6 }, 'rooms'],
      ['cars', { pickup: 'Atlantis', from: '2099-12-05', until: '2099-12-05', driverAge: 17 }, 'driverAge'],
    ] as const;
    for (const [kind, body, failing] of bodies) {
      const res = await request(app).post(`/api/v1/search/${kind}`).send(body);
      expect({
        kind,
        status: res.status,
        paths: res.body.error.details.map((d: { path: string }) => d.path),
      }).toEqual({ kind, status: 400, paths: [failing] });
    }
    expect(asked).toEqual([]);
  });
});
