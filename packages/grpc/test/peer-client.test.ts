import { audit } from '@travel/contracts';
import { createLogger } from '@travel/logger';
import type { CallContext } from 'nice-grpc';
import {
  CALLER_KEY,
  createGrpcServer,
  createPeerClient,
  type RequestContext,
  withRequestMetadata,
} from '../src';

// A real server over loopback: what a peer client's calls carry in metadata, as the handler sees it.
const seen: { requestId: string; caller: string | undefined }[] = [];

const server = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger: createLogger({ name: 'peer-client-test', level: 'silent' }),
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries(_request: unknown, context: CallContext & RequestContext) {
          seen.push({ requestId: context.requestId, caller: context.metadata.get(CALLER_KEY) });
          return { entries: [] };
        },
        async recordAuditEntry() {
          return {};
        },
      },
    },
  ],
});

beforeAll(() => server.start());
afterAll(() => server.stop());

const client = () =>
  createPeerClient(audit.AuditServiceDefinition, `127.0.0.1:${server.port()}`, {
    caller: 'booking',
    deadlineMs: 2000,
  });

const lastSeen = () => seen.at(-1);

describe('peer client', () => {
  it('when a call names the request it serves, then the service sees that request id and the caller', async () => {
    await client().listAuditEntries({}, { requestId: 'req_peer_1' });
    expect(lastSeen()).toEqual({ requestId: 'req_peer_1', caller: 'booking' });
  });

  it('when the request id came in metadata (the gateway), then it is kept', async () => {
    await client().listAuditEntries({}, withRequestMetadata('req_peer_2'));
    expect(lastSeen()).toEqual({ requestId: 'req_peer_2', caller: 'booking' });
  });

  it('when a job calls without a request, then the call still carries a request id of its own', async () => {
    await client().listAuditEntries({});
    await client().listAuditEntries({});
    const [first, second] = seen.slice(-2);
    expect(first?.requestId).toMatch(/^req_booking_[0-9a-f]{16}$/);
    expect(second?.requestId).toMatch(/^req_booking_[0-9a-f]{16}$/);
    expect(second?.requestId).not.toBe(first?.requestId);
    expect(first?.caller).toBe('booking');
  });
});
