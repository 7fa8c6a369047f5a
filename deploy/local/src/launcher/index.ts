export {
  type AdminApi,
  AdminApiError,
  ALL_SCOPES,
  DEMO_ADMIN,
  type IssuedKey,
  signInAdmin,
} from './admin-api';
export { DEMO_TENANT_USER } from './demo-console';
export { type DemoAccess, seedDemo } from './demo-seed';
export {
  type LaunchedPlatform,
  type LaunchOptions,
  launchPlatform,
  processPid,
  restartProcess,
  stopPlatformProcesses,
} from './launch';
export { type OfferKeys, offerKeysFor } from './offer-keys';
export { peerTlsFor, peerTlsRoot } from './peer-tls';
export { consoleSpec, type ProcessSpec, processSpecs, type StackKeys } from './process-specs';
export { processLogFile } from './processes';
export {
  consolePort,
  consoleServerUrl,
  gatewayUrl,
  grpcAddress,
  grpcTarget,
  isTestProfile,
  MAX_REPLICAS,
  metricsPort,
  metricsUrl,
  PROFILES,
  type ProcessName,
  probePort,
  replicaHost,
  SERVICES,
  type ServiceName,
  type StackProfile,
} from './profile';
export { isReplicaReady, waitReplicaReady } from './replica-ready';
export {
  type ProcessOrReplica,
  type ProcessRef,
  parseReplicas,
  type ReplicaCounts,
  refOf,
  replicaLabel,
  replicasOf,
} from './replicas';
