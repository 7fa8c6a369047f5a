import { createServer as createHttp2Server, constants as http2Constants } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { audit } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { type CallContext, Status } from 'nice-grpc';
import {
  CALLER_KEY,
  createGrpcServer,
  createPeerClient,
  createServiceClient,
  type RequestContext,
  withRequestMetadata,
} from '../src';

// A real server and client over loopback; the audit contract is borrowed for its list method (every method
// of a service must be implemented, so its record method answers too).
let behaviour: (context: RequestContext) => Promise<void> = async () => {};
const seenRequestIds: string[] = [];
/** What each call carried in metadata, as the handler saw it. */
const seen: { requestId: string; caller: string | undefined }[] = [];

const server = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger: createLogger({ name: 'grpc-test', level: 'silent' }),
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries(_request: unknown, context: CallContext & RequestContext) {
          seenRequestIds.push(context.requestId);
          seen.push({ requestId: context.requestId, caller: context.metadata.get(CALLER_KEY) });
          await behaviour(context);
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
  createServiceClient(audit.AuditServiceDefinition, `127.0.0.1:${server.port()}`, { deadlineMs: 2000 });

describe('gRPC round trip', () => {
  it('when the gateway sends a request id, then the handler sees it', async () => {
    behaviour = async () => {};
    await client().listAuditEntries({}, withRequestMetadata('req_roundtrip_1'));
    expect(seenRequestIds).toContain('req_roundtrip_1');
  });

  it('when a handler throws a catalog error, then the client gets the same code, message and details', async () => {
    behaviour = async () => {
      throw new AppError('scope_disabled', 'bookings:write is off', [{ path: 'scope', message: 'disabled' }]);
    };
    const error = await client()
      .listAuditEntries({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'scope_disabled',
      message: 'bookings:write is off',
      details: [{ path: 'scope', message: 'disabled' }],
    });
  });

  it('when a problem quotes input outside ASCII, then the client still gets the code, message and details', async () => {
    const quoted = 'No policy !\u00c0\ud809\udf87\t\u007f in this tenant.';
    behaviour = async () => {
      throw new AppError('bad_request', 'Validation failed.', [{ path: 'policyId', message: quoted }]);
    };
    const error = await client()
      .listAuditEntries({})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'bad_request',
      message: 'Validation failed.',
      details: [{ path: 'policyId', message: quoted }],
    });
  });

  it('when a handler throws anything else, then the client gets internal_error without its text', async () => {
    behaviour = async () => {
      throw new Error('secret connection string');
    };
    const error = (await client()
      .listAuditEntries({})
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('internal_error');
    expect(error.message).not.toContain('secret');
  });

  it('when the handler is slower than the deadline, then the call fails as service_unavailable', async () => {
    behaviour = () => new Promise((resolve) => setTimeout(resolve, 500));
    const error = (await client()
      .listAuditEntries({}, { deadline: 100 })
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('service_unavailable');
  });

  it('when nothing listens, then the call fails as service_unavailable, caused by the transport status it logs', async () => {
    const dead = createServiceClient(audit.AuditServiceDefinition, '127.0.0.1:1', { deadlineMs: 500 });
    const error = (await dead.listAuditEntries({}).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('service_unavailable');
    // The gateway's log of the 503 names the call and how it failed (the answer does not).
    expect(error.cause).toMatchObject({
      name: 'ClientError',
      path: '/travel.identity.v1.AuditService/ListAuditEntries',
      code: Status.UNAVAILABLE,
    });
  });

  it('when the server ends the stream without a gRPC status, then the call fails as service_unavailable', async () => {
    // What grpc-js reports as INTERNAL "Received RST_STREAM with code 0": the transport, not the service, ended
    // the call, so its outcome is unknown and the caller retries (with the same Idempotency-Key at the edge).
    const peer = createHttp2Server();
    peer.on('stream', (stream) => stream.close(http2Constants.NGHTTP2_NO_ERROR));
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = peer.address() as AddressInfo;
      const reset = createServiceClient(audit.AuditServiceDefinition, `127.0.0.1:${port}`, {
        deadlineMs: 2000,
      });
      const error = (await reset.listAuditEntries({}).catch((e: unknown) => e)) as AppError;
      expect([error.code, error.message]).toEqual(['service_unavailable', expect.any(String)]);
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  });
});

// The one factory of service-to-service clients: what its calls carry in metadata.
describe('peer client', () => {
  const peer = () =>
    createPeerClient(audit.AuditServiceDefinition, `127.0.0.1:${server.port()}`, {
      caller: 'booking',
      deadlineMs: 2000,
    });
  const lastSeen = () => seen.at(-1);

  beforeEach(() => {
    behaviour = async () => {};
  });

  it('when a call names the request it serves, then the service sees that request id and the caller', async () => {
    await peer().listAuditEntries({}, { requestId: 'req_peer_1' });
    expect(lastSeen()).toEqual({ requestId: 'req_peer_1', caller: 'booking' });
  });

  it('when the request id came in metadata (the gateway), then it is kept', async () => {
    await peer().listAuditEntries({}, withRequestMetadata('req_peer_2'));
    expect(lastSeen()).toEqual({ requestId: 'req_peer_2', caller: 'booking' });
  });

  it('when a job calls without a request, then the call still carries a request id of its own', async () => {
    await peer().listAuditEntries({});
    await peer().listAuditEntries({});
    const [first, second] = seen.slice(-2);
    expect(first?.requestId).toMatch(/^req_booking_[0-9a-f]{16}$/);
    expect(second?.requestId).toMatch(/^req_booking_[0-9a-f]{16}$/);
    expect(second?.requestId).not.toBe(first?.requestId);
    expect(first?.caller).toBe('booking');
  });
});
