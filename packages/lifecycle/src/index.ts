export { type CrashHook, crashHook } from './crash-hook';
export { createPeriodicJob, type PeriodicJob, type PeriodicJobOptions } from './periodic-job';
export { runCommand } from './run-command';
export {
  type Component,
  DEFAULT_SHUTDOWN_DEADLINE_MS,
  type RunOptions,
  runProcess,
  startAll,
} from './run-process';
export { runService } from './run-service';
export { isPermanentStartError, type StartBackoff, startWithRetries } from './start-retry';
