export {
  type LaunchedPlatform,
  type LaunchOptions,
  launchPlatform,
  processPid,
  restartProcess,
  stopPlatformProcesses,
} from './launch';
export { processLogFile } from './processes';
export { gatewayUrl, grpcAddress, PROFILES, type ProcessName, SERVICES, type StackProfile } from './profile';
