import { buckets, byErrorCode, byRoute } from './overview-figures';

const call = (
  method: string,
  route: string,
  status: number,
  latencyMs: number,
  at: string,
  code?: string,
) => ({
  requestId: `req_${Math.random()}`,
  at,
  clientId: 1,
  keyId: 'key_1',
  tenantId: 'ten_1',
  environment: 'live' as const,
  method,
  route,
  path: route,
  status,
  latencyMs,
  clientAddress: '127.0.0.1',
  idempotencyKey: null,
  error: code ? { error: { code, message: code, requestId: 'req_x', details: null } } : null,
});

describe("the overview's figures", () => {
  const now = Date.parse('2026-11-30T12:00:00.000Z');
  const rows = [
    ...Array.from({ length: 19 }, (_, i) =>
      call('GET', '/api/v1/me', 200, i + 1, '2026-11-30T11:30:00.000Z'),
    ),
    call('GET', '/api/v1/me', 500, 100, '2026-11-30T11:40:00.000Z', 'internal_error'),
    call('POST', '/api/v1/bookings', 400, 5, '2026-11-30T10:10:00.000Z', 'bad_request'),
    call('POST', '/api/v1/bookings', 400, 7, '2026-11-29T13:00:00.000Z', 'bad_request'),
    call('POST', '/api/v1/bookings', 429, 1, '2026-11-20T13:00:00.000Z'),
  ];

  it('when calls are grouped per route, then each has its calls, errors and nearest-rank p50 and p95, busiest first', () => {
    expect(byRoute(rows)).toEqual([
      { route: 'GET /api/v1/me', calls: 20, errors: 1, p50: 10, p95: 19 },
      { route: 'POST /api/v1/bookings', calls: 3, errors: 3, p50: 5, p95: 7 },
    ]);
  });

  it('when failed calls are grouped by code, then a call without an envelope counts under its status, most first', () => {
    expect(byErrorCode(rows)).toEqual([
      ['bad_request', 2],
      ['internal_error', 1],
      ['429', 1],
    ]);
  });

  it('when the last day is drawn, then there is a bar per hour, oldest first, and calls outside the day are left out', () => {
    const bars = buckets(rows, 'day', now);
    expect(bars).toHaveLength(24);
    expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBe(22);
    expect(bars[23]).toMatchObject({ value: 20, part: 1 });
    expect(bars[22]).toMatchObject({ value: 1, part: 1 });
    expect(buckets(rows, 'month', now)).toHaveLength(30);
  });
});
