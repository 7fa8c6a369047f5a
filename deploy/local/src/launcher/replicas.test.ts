import { processSpecs } from './process-specs';
import { grpcTarget, PROFILES } from './profile';
import { parseReplicas, replicaLabel } from './replicas';

const urls = {
  mongoUrl: 'mongodb://127.0.0.1:27017',
  kafkaBrokers: ['127.0.0.1:9092'],
  redisUrl: 'redis://127.0.0.1:6379',
};
const keys = { privateKeyPem: 'private', publicKeyPem: 'public', peerTlsRoot: '/tls' };
const e2e = PROFILES.e2e;

describe('replica counts', () => {
  it('when a number, names or both are given, then later entries win and unnamed processes keep one', () => {
    expect(parseReplicas('')).toEqual({});
    expect(parseReplicas('booking=3,gateway=2')).toEqual({ booking: 3, gateway: 2 });
    const mixed = parseReplicas('2,booking=3');
    expect(mixed.booking).toBe(3);
    expect(mixed.identity).toBe(2);
    expect(mixed.gateway).toBe(2);
  });

  it('when a count or a name is wrong, then the message names it', () => {
    expect(() => parseReplicas('booking=0')).toThrow('booking=0');
    expect(() => parseReplicas('17')).toThrow('1 to 16');
    expect(() => parseReplicas('bookings=2')).toThrow('no process "bookings"');
  });

  it('when replica 1 is named, then it keeps the name of a one-replica stack', () => {
    expect(replicaLabel('booking')).toBe('booking');
    expect(replicaLabel({ name: 'booking', replica: 1 })).toBe('booking');
    expect(replicaLabel({ name: 'gateway', replica: 2 })).toBe('gateway-2');
  });
});

describe('replica specs', () => {
  it('when every process runs once, then each listens on 127.0.0.1 and clients dial host:port as before', () => {
    const specs = processSpecs(e2e, urls, keys);
    expect(specs).toHaveLength(13);
    const gateway = specs.find((s) => s.name === 'gateway');
    expect(gateway).toMatchObject({
      replica: 1,
      env: { HTTP_HOST: '127.0.0.1', BOOKING_ADDRESS: '127.0.0.1:15054' },
    });
    expect(specs.find((s) => s.name === 'search')?.env.PRICING_ADDRESS).toBe('127.0.0.1:15053');
    // Each process its own certificate, and each service a plaintext probe port beside its gRPC port.
    expect(gateway?.env).toMatchObject({
      GRPC_TLS_DIR: '/tls/gateway',
      PAYMENT_WEBHOOKS_TLS_DIR: '/tls/payment-webhooks',
    });
    expect(specs.find((s) => s.name === 'booking')?.env).toMatchObject({
      GRPC_TLS_DIR: '/tls/booking',
      GRPC_PORT: '15054',
      GRPC_PROBE_PORT: '15154',
    });
  });

  it('when booking runs three and the gateway two, then replica k binds 127.0.0.k on the same ports and clients get the list', () => {
    const specs = processSpecs(e2e, urls, keys, { booking: 3, gateway: 2 });
    const bookings = specs.filter((s) => s.name === 'booking');
    expect(
      bookings.map((s) => [
        s.replica,
        s.env.GRPC_HOST,
        s.env.GRPC_PORT,
        s.env.METRICS_HOST,
        s.env.METRICS_PORT,
      ]),
    ).toEqual([
      [1, '127.0.0.1', '15054', '127.0.0.1', '19454'],
      [2, '127.0.0.2', '15054', '127.0.0.2', '19454'],
      [3, '127.0.0.3', '15054', '127.0.0.3', '19454'],
    ]);
    const gateways = specs.filter((s) => s.name === 'gateway');
    expect(gateways.map((s) => [s.env.HTTP_HOST, s.env.HTTP_PORT, s.env.METRICS_HOST])).toEqual([
      ['127.0.0.1', '18080', '127.0.0.1'],
      ['127.0.0.2', '18080', '127.0.0.2'],
    ]);
    const list = 'ipv4:127.0.0.1:15054,127.0.0.2:15054,127.0.0.3:15054';
    expect(grpcTarget(e2e, 'booking', 3)).toBe(list);
    for (const gateway of gateways) expect(gateway.env.BOOKING_ADDRESS).toBe(list);
    expect(gateways[0]?.env.PRICING_ADDRESS).toBe('127.0.0.1:15053');
  });

  it('when the rollout profile runs two replicas, then they take 127.0.0.2 and 127.0.0.3, never 127.0.0.1', () => {
    const specs = processSpecs(PROFILES.rollout, urls, keys, parseReplicas('2'));
    expect(new Set(specs.map((s) => s.env.METRICS_HOST))).toEqual(new Set(['127.0.0.2', '127.0.0.3']));
    expect(specs.find((s) => s.name === 'gateway')?.env.BOOKING_ADDRESS).toBe(
      'ipv4:127.0.0.2:35054,127.0.0.3:35054',
    );
  });
});
