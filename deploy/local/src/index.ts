export { CHROMIUM_PATH, ensureChromium } from './infra/chromium';
export { resolveInfraUrls } from './infra/config';
export * from './infra/docker/index';
export { InfraError } from './infra/errors';
export { ensureGrpcurl, GRPCURL_VERSION, grpcurlBinary } from './infra/grpcurl';
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
export {
  type ControlPlane,
  createKubeClient,
  ETCD_VERSION,
  ensureKubernetes,
  FAKE_NODE_ZONES,
  KUBERNETES_PORTS,
  KUBERNETES_VERSION,
  type KubeAccess,
  KubeApiError,
  type KubeClient,
  type KubeObject,
  type KubernetesBinaries,
  KWOK_VERSION,
  kubernetesBinaries,
  startControlPlane,
  ZONE_LABEL,
} from './infra/kubernetes/index';
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
export { ensurePromtool, PROMTOOL_VERSION, promtoolBinary } from './infra/promtool';
export { waitForReady } from './infra/readiness';
export { ensureSchemathesis, SCHEMATHESIS_VERSION, schemathesisBinary } from './infra/schemathesis';
export { SECANTUSD_VERSION, secantusdArgs, secantusdBinary } from './infra/secantusd';
export { ensureStripeMock, STRIPE_MOCK_VERSION, stripeMockBinary } from './infra/stripe-mock';
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
export * from './secure/index';
