import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { health, tenants } from '@travel/contracts';
import {
  ALLOWED_PEERS,
  createGrpcServer,
  createPeerClient,
  createServiceClient,
  type PeerTls,
  VERIFIED_PEER_KEY,
} from '@travel/grpc';
import { issuePeerCertificate, makePeerCa, makePeerCertificates } from '@travel/local-deploy';
import {
  type CallContext,
  ChannelCredentials,
  type ClientError,
  createChannel,
  createClient,
  Metadata,
  Status,
} from 'nice-grpc';
import { captureLogs } from '../src';

// A real server of identity's tenant service with identity's row of the allowed-peers table, over loopback with
// mutual TLS: the gateway may call every tenant method, corporate only GetTenant, booking none.
const root = mkdtempSync(join(tmpdir(), 'peer-trust-'));
const tlsOf = (peer: string): PeerTls => ({ dir: join(root, peer) });
const logs = captureLogs('peer-trust');
const handled: { method: string; peer: string | undefined }[] = [];

let server: ReturnType<typeof createGrpcServer>;

beforeAll(async () => {
  await makePeerCertificates(root, ['identity', 'gateway', 'corporate', 'booking'], {
    caName: 'peer-trust test CA',
    validDays: 1,
  });
  // Another CA's certificate that claims to be the gateway.
  await issuePeerCertificate(await makePeerCa('another CA', 1), 'gateway', join(root, 'forged-gateway'), {
    validDays: 1,
  });
  server = createGrpcServer({
    host: '127.0.0.1',
    port: 0,
    logger: logs.logger,
    healthChecks: {},
    peers: { tls: tlsOf('identity'), allowed: ALLOWED_PEERS.identity, probePort: 0 },
    services: [
      {
        definition: tenants.TenantServiceDefinition,
        implementation: {
          async listTenants(_request: unknown, context: CallContext) {
            handled.push({ method: 'list', peer: context.metadata.get(VERIFIED_PEER_KEY) });
            return { tenants: [] };
          },
          async getTenant(_request: unknown, context: CallContext) {
            handled.push({ method: 'get', peer: context.metadata.get(VERIFIED_PEER_KEY) });
            return {};
          },
          async createTenant() {
            throw new Error('not called here');
          },
          async updateTenant() {
            throw new Error('not called here');
          },
        },
      },
    ],
  });
  await server.start();
});
afterAll(async () => {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

const address = () => `127.0.0.1:${server.port()}`;
const tenantsAs = (tls: PeerTls | undefined, serverName?: string) =>
  createServiceClient(tenants.TenantServiceDefinition, address(), {
    deadlineMs: 3000,
    tls,
    server: serverName,
  });
const errorOf = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'answered';
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
};
const refusals = () =>
  logs.lines().filter((line) => line.msg === 'grpc call refused: the peer is not allowed');

describe('callers prove who they are (mutual TLS and the allowed-peers table)', () => {
  it('when an allowed peer calls, then the handler runs and sees the peer its certificate proved, not a claimed one', async () => {
    handled.length = 0;
    const forgedClaim = { metadata: Metadata({ [VERIFIED_PEER_KEY]: 'someone-else' }) };
    await tenantsAs(tlsOf('gateway')).listTenants({}, forgedClaim);
    await tenantsAs(tlsOf('corporate')).getTenant({});
    expect(handled).toEqual([
      { method: 'list', peer: 'gateway' },
      { method: 'get', peer: 'corporate' },
    ]);
  });

  it('when a peer presents no certificate, or one of another CA, then the call is unauthorized before any handler runs, and logged', async () => {
    handled.length = 0;
    const before = refusals().length;
    // TLS that trusts the server, showing no certificate (what grpcurl without -cert does), or another CA's.
    const ca = readFileSync(join(root, 'ca.crt'));
    const forged = (file: string) => readFileSync(join(root, 'forged-gateway', file));
    for (const credentials of [
      ChannelCredentials.createSsl(ca),
      ChannelCredentials.createSsl(ca, forged('tls.key'), forged('tls.crt')),
    ]) {
      const channel = createChannel(address(), credentials, { 'grpc.ssl_target_name_override': 'identity' });
      const code = await createClient(tenants.TenantServiceDefinition, channel)
        .listTenants({})
        .catch((error: ClientError) => error.code);
      expect(code).toBe(Status.UNAUTHENTICATED);
    }
    // Plaintext against a TLS port never gets as far as a call: it fails on the connection.
    expect(await errorOf(tenantsAs(undefined).listTenants({}))).toBe('service_unavailable');
    expect(handled).toEqual([]);
    const rpc = '/travel.identity.v1.TenantService/ListTenants';
    expect(refusals().slice(before)).toEqual([
      expect.objectContaining({ rpc, peer: null, code: 'unauthorized' }),
      expect.objectContaining({ rpc, peer: null, code: 'unauthorized' }),
    ]);
  });

  it('when a process is given a folder without its certificate, then making its client or server fails, naming the file', () => {
    expect(() => tenantsAs({ dir: join(root, 'no-such-peer') })).toThrow(
      /GRPC_TLS_DIR: cannot read .*ca\.crt/,
    );
  });

  it('when a proven peer calls what its row does not allow, then it is forbidden before any handler runs, and logged', async () => {
    handled.length = 0;
    const before = refusals().length;
    expect(await errorOf(tenantsAs(tlsOf('corporate')).listTenants({}))).toBe('forbidden');
    expect(await errorOf(tenantsAs(tlsOf('booking')).getTenant({}))).toBe('forbidden');
    expect(handled).toEqual([]);
    expect(refusals().slice(before)).toEqual([
      expect.objectContaining({ peer: 'corporate', code: 'forbidden' }),
      expect.objectContaining({ peer: 'booking', code: 'forbidden' }),
    ]);
  });

  it('when a client expects another server than the one that answers, then it refuses the connection', async () => {
    handled.length = 0;
    expect(await errorOf(tenantsAs(tlsOf('gateway'), 'pricing').listTenants({}))).toBe('service_unavailable');
    // A peer client names the server from the definition's package (travel.identity.v1 → identity): accepted.
    const peer = createPeerClient(tenants.TenantServiceDefinition, address(), {
      caller: 'gateway',
      deadlineMs: 3000,
      tls: tlsOf('gateway'),
    });
    await peer.listTenants({});
    expect(handled).toEqual([{ method: 'list', peer: 'gateway' }]);
  });

  it('when any proven peer asks for health, then it answers; the plaintext probe port answers health and nothing else', async () => {
    const healthOf = (tls: PeerTls | undefined, port: number) =>
      createServiceClient(health.HealthDefinition, `127.0.0.1:${port}`, { deadlineMs: 3000, tls }).check({
        service: '',
      });
    expect((await healthOf(tlsOf('booking'), server.port())).status).toBe(
      health.HealthCheckResponse_ServingStatus.SERVING,
    );
    const probePort = server.probePort() ?? 0;
    expect((await healthOf(undefined, probePort)).status).toBe(
      health.HealthCheckResponse_ServingStatus.SERVING,
    );
    const overProbePort = createServiceClient(tenants.TenantServiceDefinition, `127.0.0.1:${probePort}`, {
      deadlineMs: 3000,
    });
    expect(await errorOf(overProbePort.listTenants({}))).not.toBe('answered');
  });
});
