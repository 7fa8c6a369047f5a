import { ALLOWED_PEERS, type ServicePeer } from './allowed-peers';
import { type GrpcTlsConfig, peerTlsOf } from './credentials';
import type { ServerPeers } from './start-server';

/** The settings of a service's config behind its `ServerPeers` (`grpcTlsFields` of @travel/config). */
export interface ServerPeersConfig extends GrpcTlsConfig {
  GRPC_PROBE_PORT?: number | undefined;
}

/** A service's certificate, its row of the allowed-peers table and its probe port: `createGrpcServer({ peers })`. */
export function serverPeersOf(config: ServerPeersConfig, service: ServicePeer): ServerPeers {
  return { tls: peerTlsOf(config), allowed: ALLOWED_PEERS[service], probePort: config.GRPC_PROBE_PORT };
}
