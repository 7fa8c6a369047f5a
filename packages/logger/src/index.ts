export { createLogger, type Logger, type LoggerOptions, redactedPaths, withRequestId } from './create-logger';
