export {
  createLogger,
  type Logger,
  type LoggerOptions,
  redactedPaths,
  withoutRedaction,
  withRequestId,
} from './create-logger';
