export type { CompatServiceDefinition, ServiceImplementation } from 'nice-grpc';
export type { CallOptions } from 'nice-grpc-common';
export {
  ALLOWED_PEERS,
  type AllowedPeers,
  OPEN_TO_EVERY_PEER,
  PEER_NAMES,
  type PeerName,
  peerMayCall,
  SERVICE_PEERS,
  type ServicePeer,
  serverOfDefinition,
} from './allowed-peers';
export {
  type AuditOrigin,
  type Caller,
  callerWire,
  jobCaller,
  requireCaller,
  requireCallerOf,
  requireRight,
  type TenantScope,
  tenantScopeOf,
} from './caller';
export { CERTIFICATE_FILES, CertificateFiles } from './certificate-files';
export { type ClientOptions, createServiceClient, type ServiceClient, withRequestMetadata } from './client';
export {
  channelOptionsOf,
  type GrpcClientConfig,
  type GrpcServerConfig,
  type KeepaliveSettings,
  keepaliveOf,
  type ServerConnectionSettings,
  serverConnectionsOf,
  serverOptionsOf,
} from './connection-settings';
export {
  channelCredentialsOf,
  type GrpcTlsConfig,
  type PeerTls,
  peerTlsOf,
  serverCredentialsOf,
} from './credentials';
export { createHealthService, type HealthCheck, LIVENESS_SERVICE } from './health';
export { CALLER_KEY, ERROR_CODE_KEY, ERROR_DETAILS_KEY, REQUEST_ID_KEY, VERIFIED_PEER_KEY } from './metadata';
export {
  createPeerClient,
  type PeerCallOptions,
  type PeerClient,
  type PeerClientOptions,
  peerMetadata,
} from './peer-client';
export { PEER_DOMAIN, peerDnsName, peerNameOf } from './peer-identity';
export { type GrpcReflectionConfig, reflectionOf } from './reflection';
export { type RequestContext, requestContextMiddleware } from './server-middleware';
export { type ServerPeersConfig, serverPeersOf } from './server-peers';
export {
  createGrpcServer,
  type GrpcServer,
  type GrpcServerOptions,
  type ServerPeers,
  type ServiceBinding,
} from './start-server';
