import { generateOfferKeyPair } from '@travel/offer-tokens';
import { askServerReflection, peerTlsEnv, testLogger } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createSearchService } from '../src/service';

// search's gRPC server as service.ts wires it, asked through gRPC reflection as grpcurl asks (docs/exploring-services.md).
describe('search through gRPC reflection', () => {
  it('when asked (v1 and v1alpha), then it lists each service of travel.search.v1 and health, with the methods proto/ declares', async () => {
    const { grpc } = createSearchService(
      readConfig({
        GRPC_PORT: '0',
        ...peerTlsEnv('search'),
        OFFER_TOKEN_PRIVATE_KEY: generateOfferKeyPair().privateKeyPem,
      }),
      testLogger(),
    );
    const answers = await askServerReflection(grpc, ['travel.search.v1']);
    expect(answers.v1).toEqual(answers.declared);
    expect(answers.v1alpha).toEqual(answers.declared);
  });
});
