export { bool, csv, infrastructure, logLevel, nodeEnv, port, positiveInt } from './fields';
export { ConfigError, loadConfig } from './load-config';
