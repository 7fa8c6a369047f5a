import { createLogger, type Logger } from '@travel/logger';

/** A real logger that writes nothing unless TEST_LOG_LEVEL asks for lines (handy when debugging a test). */
export function testLogger(name = 'test'): Logger {
  return createLogger({ name, level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}
