import { join } from 'node:path';
import {
  ALLOWED_PEERS,
  type ClientOptions,
  type CompatServiceDefinition,
  createServiceClient as createPlainServiceClient,
  PEER_NAMES,
  type PeerName,
  type PeerTls,
  peerMayCall,
  type ServiceClient,
  serverOfDefinition,
} from '@travel/grpc';

/**
 * The variable the component tier's set-up (test/support/infra-setup.js) names the run's certificates with: a CA
 * made for the run and one folder per peer of the platform (`<root>/<peer>/{ca.crt,tls.crt,tls.key}`).
 */
export const TEST_PEER_TLS_ROOT = 'TEST_PEER_TLS_ROOT';

/** The folder of one peer's certificate for this test run. */
export function peerTlsDir(peer: PeerName, env: Record<string, string | undefined> = process.env): string {
  const root = env[TEST_PEER_TLS_ROOT];
  if (!root)
    throw new Error(
      `${TEST_PEER_TLS_ROOT} is not set: run component tests through jest's component project (its set-up makes the certificates)`,
    );
  return join(root, peer);
}

/** One peer's certificate, as a client's `tls` option. */
export const peerTls = (peer: PeerName): PeerTls => ({ dir: peerTlsDir(peer) });

/** A service's `GRPC_TLS_DIR`, for the config a test starts it with: `readConfig({ ...peerTlsEnv('booking') })`. */
export const peerTlsEnv = (peer: PeerName): { GRPC_TLS_DIR: string } => ({ GRPC_TLS_DIR: peerTlsDir(peer) });

/** The gateway's two certificates (its own, and its provider webhook route's), for a gateway a test starts. */
export const gatewayTlsEnv = () => ({
  ...peerTlsEnv('gateway'),
  PAYMENT_WEBHOOKS_TLS_DIR: peerTlsDir('payment-webhooks'),
});

/**
 * @travel/grpc's `createServiceClient` over mutual TLS, each method called as the peer that the allowed-peers
 * table lets call it: the gateway where it may (a test then calls as the gateway would, with the callers
 * `staffCaller`, `partnerCaller`... build), else the first peer allowed (booking for `PayBooking`, reports for
 * `ListBookingHistory`). `tls` given: every method as that folder's peer. Refusals of the other peers are what
 * `forgedCallerCases` checks.
 */
export function createServiceClient<D extends CompatServiceDefinition>(
  definition: D,
  address: string,
  options: ClientOptions,
): ServiceClient<D> {
  if (options.tls) return createPlainServiceClient(definition, address, options);
  const server = serverOfDefinition(definition);
  const fullName = (definition as { fullName?: string }).fullName;
  const methods = (definition as { methods?: Record<string, { name: string }> }).methods ?? {};
  const clients = new Map<PeerName, ServiceClient<D>>();
  const clientAs = (peer: PeerName) => {
    let client = clients.get(peer);
    if (!client) {
      client = createPlainServiceClient(definition, address, { ...options, tls: peerTls(peer) });
      clients.set(peer, client);
    }
    return client;
  };
  const peerFor = (method: string): PeerName => {
    const name = methods[method]?.name;
    if (!server || !fullName || !name) return 'gateway';
    const path = `/${fullName}/${name}`;
    const mayCall = (peer: PeerName) => peerMayCall(ALLOWED_PEERS[server], path, peer);
    return mayCall('gateway') ? 'gateway' : (PEER_NAMES.find(mayCall) ?? 'gateway');
  };
  return new Proxy({} as ServiceClient<D>, {
    get: (_target, key) =>
      typeof key === 'string' && key in methods
        ? clientAs(peerFor(key))[key as keyof ServiceClient<D>]
        : undefined,
  });
}
