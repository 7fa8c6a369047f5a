import { generateOfferKeyPair } from '@travel/offer-tokens';
import { peerTlsEnv, startServiceUnderTest, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createBookingService } from '../src/service';

const infra = testInfra();

describe('booking service', () => {
  it('when started against the real infrastructure, then grpc.health.v1 reports it and its database SERVING', async () => {
    const config = readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('booking'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_booking'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      OFFER_TOKEN_PUBLIC_KEY: generateOfferKeyPair().publicKeyPem,
    });
    const service = await startServiceUnderTest(createBookingService(config, testLogger()));
    try {
      for (const name of ['', 'mongodb']) expect(await service.health(name)).toBe('SERVING');
    } finally {
      await service.stop();
    }
  });

  it('when the crash hook is configured in production, then the configuration is refused', () => {
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        ...peerTlsEnv('booking'),
        OFFER_TOKEN_PUBLIC_KEY: generateOfferKeyPair().publicKeyPem,
        BOOKING_CRASH_AT: 'after-claim',
      }),
    ).toThrow(/BOOKING_CRASH_AT/);
  });
});
