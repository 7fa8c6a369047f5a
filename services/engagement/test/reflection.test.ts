import { askServerReflection, peerTlsEnv, testLogger } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createEngagementService } from '../src/service';

// engagement's gRPC server as service.ts wires it, asked through gRPC reflection as grpcurl asks (docs/exploring-services.md).
describe('engagement through gRPC reflection', () => {
  it('when asked (v1 and v1alpha), then it lists each service of travel.engagement.v1 and health, with the methods proto/ declares', async () => {
    const { grpc } = createEngagementService(
      readConfig({
        GRPC_PORT: '0',
        ...peerTlsEnv('engagement'),
        WHATSAPP_VERIFY_TOKEN: 'ct-verify-token',
        WHATSAPP_APP_SECRET: 'ct-app-secret-123',
      }),
      testLogger(),
    );
    const answers = await askServerReflection(grpc, ['travel.engagement.v1']);
    expect(answers.v1).toEqual(answers.declared);
    expect(answers.v1alpha).toEqual(answers.declared);
  });
});
