export type { ServiceImplementation } from 'nice-grpc';
export type { CallOptions } from 'nice-grpc-common';
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
export { createHealthService, type HealthCheck, LIVENESS_SERVICE } from './health';
export { CALLER_KEY, ERROR_CODE_KEY, ERROR_DETAILS_KEY, REQUEST_ID_KEY } from './metadata';
export {
  createPeerClient,
  type PeerCallOptions,
  type PeerClient,
  type PeerClientOptions,
  peerMetadata,
} from './peer-client';
export { type GrpcReflectionConfig, reflectionOf } from './reflection';
export { type RequestContext, requestContextMiddleware } from './server-middleware';
export {
  createGrpcServer,
  type GrpcServer,
  type GrpcServerOptions,
  type ServiceBinding,
} from './start-server';
