import { TLSSocket } from 'node:tls';
import { pricing } from '@travel/contracts';
import { codeOf, createServiceClient, peerTls } from '@travel/testkit';
import { type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

// grpc-js read a connection's peer certificate again on every call the server took (a fifth of pricing's CPU
// under searches); the patched grpc-js reads it once per connection (docs/decisions/deployment.md). The peer check
// must still hold per call.
let pricingUnderTest: PricingUnderTest;

beforeAll(async () => {
  pricingUnderTest = await startPricing(pricingDatabase());
});
afterAll(async () => {
  await pricingUnderTest?.stop();
});

const CALLS = 20;

describe('peer certificates per connection', () => {
  it('when one connection carries many calls, then the server reads its peer certificate once, and each call is still judged by that peer', async () => {
    const address = `127.0.0.1:${pricingUnderTest.built.grpc.port()}`;
    const asBooking = createServiceClient(pricing.PricingServiceDefinition, address, {
      deadlineMs: 10_000,
      tls: peerTls('booking'),
    });
    const asSupply = createServiceClient(pricing.PricingServiceDefinition, address, {
      deadlineMs: 10_000,
      tls: peerTls('supply'),
    });
    const offers = { service: 'hotel', subtotals: [1000] };
    // Each connection made and its peer read once.
    expect((await asBooking.priceOffers(offers)).prices).toHaveLength(1);
    expect(await codeOf(asSupply.priceOffers(offers))).toBe('forbidden');
    const reads = jest.spyOn(TLSSocket.prototype, 'getPeerCertificate');
    try {
      for (let call = 0; call < CALLS; call += 1) {
        expect((await asBooking.priceOffers(offers)).prices).toHaveLength(1);
        expect(await codeOf(asSupply.priceOffers(offers))).toBe('forbidden');
      }
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});
