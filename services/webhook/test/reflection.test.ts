import { askServerReflection, peerTlsEnv, testLogger } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createWebhookService } from '../src/service';

// webhook's gRPC server as service.ts wires it, asked through gRPC reflection as grpcurl asks (docs/exploring-services.md).
describe('webhook through gRPC reflection', () => {
  it('when asked (v1 and v1alpha), then it lists each service of travel.webhook.v1 and health, with the methods proto/ declares', async () => {
    const { grpc } = createWebhookService(
      readConfig({ GRPC_PORT: '0', ...peerTlsEnv('webhook') }),
      testLogger(),
    );
    const answers = await askServerReflection(grpc, ['travel.webhook.v1']);
    expect(answers.v1).toEqual(answers.declared);
    expect(answers.v1alpha).toEqual(answers.declared);
  });
});
