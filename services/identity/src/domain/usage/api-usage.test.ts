import { type ApiCall, summariseCalls, usageTotals } from './api-usage';

const call = (overrides: Partial<ApiCall>): ApiCall => ({
  at: new Date('2026-03-01T23:59:59.900Z'),
  clientId: 7,
  keyId: 'key_1',
  method: 'GET',
  route: '/api/v1/bookings/:id',
  status: 200,
  latencyMs: 10,
  ...overrides,
});

describe('api usage', () => {
  it('when a batch is summarised, then calls are counted per UTC day, client, key and route', () => {
    const rows = summariseCalls([
      call({ status: 200, latencyMs: 10 }),
      call({ status: 404, latencyMs: 4 }),
      call({ status: 503, latencyMs: 30.5 }),
      call({ at: new Date('2026-03-02T00:00:00.100Z'), latencyMs: 2 }),
      call({ method: 'POST', route: '/api/v1/bookings', status: 201, latencyMs: 50 }),
    ]);
    expect(rows).toEqual([
      {
        day: '2026-03-01',
        clientId: 7,
        keyId: 'key_1',
        route: 'GET /api/v1/bookings/:id',
        requests: 3,
        clientErrors: 1,
        serverErrors: 1,
        latencySum: 44.5,
        latencyMax: 30.5,
      },
      expect.objectContaining({ day: '2026-03-01', route: 'POST /api/v1/bookings', requests: 1 }),
      expect.objectContaining({ day: '2026-03-02', route: 'GET /api/v1/bookings/:id', requests: 1 }),
    ]);
  });

  it('when the same batch is summarised twice in another order, then the rows come out the same', () => {
    const calls = [call({ clientId: 2 }), call({ keyId: 'key_10' }), call({ keyId: 'key_9' }), call({})];
    expect(summariseCalls([...calls].reverse())).toEqual(summariseCalls(calls));
  });

  it('when stored rows are totalled, then counts and latency sums add up and the maximum is kept', () => {
    const totals = usageTotals();
    for (const row of [
      ...summariseCalls([call({ latencyMs: 5 })]),
      ...summariseCalls([call({ latencyMs: 9 })]),
    ]) {
      totals.add(row);
    }
    expect(totals.rows()).toEqual([expect.objectContaining({ requests: 2, latencySum: 14, latencyMax: 9 })]);
  });
});
