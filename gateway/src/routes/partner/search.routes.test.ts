import type { search } from '@travel/contracts';
import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { searchRoutes } from './search.routes';

/** The partner search routes in front of a search service that answers `simulated` as given (or not at all). */
function appAnswering(simulated: boolean | undefined) {
  const said = simulated === undefined ? {} : { simulated };
  const reply = {
    flights: { onward: [], return: [], roundTrip: false, ...said } satisfies search.SearchFlightsResponse,
    hotels: { nights: 2, results: [], ...said } satisfies search.SearchHotelsResponse,
    cars: { days: 1, results: [], ...said } satisfies search.SearchCarsResponse,
  };
  const clients = {
    search: {
      searchFlights: async () => reply.flights,
      searchHotels: async () => reply.hotels,
      searchCars: async () => reply.cars,
    },
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
