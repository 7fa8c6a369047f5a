import { askServerReflection, peerTlsEnv, testLogger } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createPricingService } from '../src/service';

// pricing's gRPC server as service.ts wires it, asked through gRPC reflection as grpcurl asks (docs/exploring-services.md).
describe('pricing through gRPC reflection', () => {
  it('when asked (v1 and v1alpha), then it lists each service of travel.pricing.v1 and health, with the methods proto/ declares', async () => {
    const { grpc } = createPricingService(
      readConfig({ GRPC_PORT: '0', ...peerTlsEnv('pricing') }),
      testLogger(),
    );
    const answers = await askServerReflection(grpc, ['travel.pricing.v1']);
    expect(answers.v1).toEqual(answers.declared);
    expect(answers.v1alpha).toEqual(answers.declared);
  });

  it('when GRPC_REFLECTION=false, then the server does not answer reflection (UNIMPLEMENTED)', async () => {
    const { grpc } = createPricingService(
      readConfig({ GRPC_PORT: '0', ...peerTlsEnv('pricing'), GRPC_REFLECTION: 'false' }),
      testLogger(),
    );
    await expect(askServerReflection(grpc, ['travel.pricing.v1'])).rejects.toThrow(/UNIMPLEMENTED/);
  });
});
