export {
  type AdminApi,
  AdminApiError,
  ALL_SCOPES,
  DEMO_ADMIN,
  type IssuedKey,
  signInAdmin,
} from './admin-api';
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
export { type ProcessSpec, processSpecs } from './process-specs';
export { processLogFile } from './processes';
export {
  gatewayUrl,
  grpcAddress,
  metricsPort,
  PROFILES,
  type ProcessName,
  SERVICES,
  type StackProfile,
} from './profile';
