import { delayAfterFailure } from '../deliveries/retry-schedule';
import { type Endpoint, wants } from './endpoint';

const endpoint = (overrides: Partial<Endpoint> = {}): Endpoint => ({
  id: 'whk_1',
  clientId: 7,
  tenantId: 'ten_a',
  environment: 'live',
  url: 'https://hooks.example.com/',
  events: [],
  status: 'active',
  sealedSecret: 'whsec_x',
  retiringSecrets: [],
  disabledReason: null,
  statusChangedAt: null,
  createdAt: new Date(),
  ...overrides,
});

describe('wants', () => {
  it('when the subscription is empty, then every type of its environment is wanted, and none of the other', () => {
    for (const type of ['booking.created', 'booking.cancelled', 'invoice.paid'] as const) {
      expect(wants(endpoint(), type, true)).toBe(true);
      expect(wants(endpoint(), type, false)).toBe(false);
    }
    expect(wants(endpoint({ environment: 'test' }), 'booking.cancelled', false)).toBe(true);
  });

  it('when the endpoint subscribed to some types or is disabled, then only those types, or nothing', () => {
    const picky = endpoint({ events: ['booking.cancelled'] });
    expect([wants(picky, 'booking.cancelled', true), wants(picky, 'booking.created', true)]).toEqual([
      true,
      false,
    ]);
    expect(wants(endpoint({ status: 'disabled' }), 'booking.created', true)).toBe(false);
  });
});

describe('delayAfterFailure', () => {
  const delays = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];

  it('when attempt n of six fails, then the n-th delay follows; after the sixth, none (failed)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => delayAfterFailure(n, delays))).toEqual([...delays, null]);
  });
});
