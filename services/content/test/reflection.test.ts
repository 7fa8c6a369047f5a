import {
  askServerReflection,
  forgedCallerOutcomes,
  peerTlsEnv,
  testLogger,
  unexpectedOutcomes,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createContentService } from '../src/service';

/** content's gRPC server as service.ts wires it, not started. */
const server = () =>
  createContentService(readConfig({ GRPC_PORT: '0', ...peerTlsEnv('content') }), testLogger()).grpc;

// content's gRPC server as service.ts wires it, asked through gRPC reflection as grpcurl asks (docs/exploring-services.md).
describe('content through gRPC reflection', () => {
  it('when asked (v1 and v1alpha), then it lists each service of travel.content.v1 and health, with the methods proto/ declares', async () => {
    const grpc = server();
    const answers = await askServerReflection(grpc, ['travel.content.v1']);
    expect(answers.v1).toEqual(answers.declared);
    expect(answers.v1alpha).toEqual(answers.declared);
  });

  it('when a call comes with no certificate, one of another CA, or one of a peer its row of the table does not allow, then every method refuses it before any handler runs (docs/caller-trust.md)', async () => {
    const outcomes = await forgedCallerOutcomes(server(), 'content');
    expect(outcomes.length).toBeGreaterThan(0);
    expect(unexpectedOutcomes(outcomes)).toEqual([]);
  });
});
