export { AUDIT_CRASH_POINTS, auditFields } from './audit-fields';
export {
  ConnectionSettingError,
  connectionHint,
  explainConnectionError,
  type Store,
} from './connection-errors';
export { csv, flag, logLevel, nodeEnv, pemFile, port, positiveInt } from './fields';
export { idempotencyFields } from './idempotency-settings';
export { ConfigError, loadConfig, loadFields } from './load-config';
export { sealingKeysOf } from './sealing-settings';
export {
  grpcClientFields,
  grpcServerFields,
  grpcTlsFields,
  kafkaFields,
  metricsFields,
  migrationFields,
  mongoFields,
  redisFields,
  sealingFields,
  serviceFields,
  tracingFields,
} from './service-fields';
export { crashPoint, refusedInProduction } from './test-hooks';
