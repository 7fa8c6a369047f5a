export { csv, logLevel, nodeEnv, port, positiveInt } from './fields';
export { ConfigError, loadConfig } from './load-config';
export {
  grpcClientFields,
  grpcServerFields,
  kafkaFields,
  metricsFields,
  mongoFields,
  serviceFields,
  tracingFields,
} from './service-fields';
