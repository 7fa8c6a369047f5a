export { resolveInfraUrls } from './infra/config';
export * from './infra/docker/index';
export { InfraError } from './infra/errors';
export { ensureHelm, HELM_VERSION, helmBinary } from './infra/helm';
export {
  componentByName,
  INFRA_COMPONENTS,
  infraStatus,
  installInfra,
  startComponent,
  startInfra,
  stopComponent,
  stopInfra,
} from './infra/index';
export { MAILDEV_COPIES, type MaildevCopy, maildevWebUrl } from './infra/maildev';
export { dataDir, logFile, pidFile, repoRoot, stateRoot } from './infra/paths';
export {
  isAlive,
  readPidFile,
  removePidFile,
  type SpawnDetachedOptions,
  type StopOptions,
  type StopResult,
  spawnDetached,
  stopByPidFile,
  waitForExit,
} from './infra/process';
export { waitForReady } from './infra/readiness';
export { ensureSchemathesis, SCHEMATHESIS_VERSION, schemathesisBinary } from './infra/schemathesis';
export { SECANTUSD_VERSION, secantusdArgs, secantusdBinary } from './infra/secantusd';
export type {
  InfraComponent,
  InfraComponentName,
  InfraComponentStatus,
  InfraLog,
  InfraMode,
  InfraOptions,
  InfraUrls,
  StopInfraOptions,
} from './infra/types';
export * from './launcher/index';
