import { type LoadOptions, type LoadRun, type Measurement, runLoad, type Target } from './load';
import { print } from './report';

export type Runner = (
  target: Target,
  seconds: number,
  limits?: { rate?: number | undefined; maxRequests?: number | undefined },
) => Promise<Measurement | undefined>;

/** Runs one load at a time; Ctrl-C stops the current run and skips the rest, so the cleanup still runs. */
export function createRunner(connections: number): Runner {
  let current: LoadRun | undefined;
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    current?.stop();
    print('\ninterrupted: stopping the current run and cleaning up');
  });
  return async (target, seconds, limits = {}) => {
    if (interrupted || seconds === 0) return undefined;
    const options: LoadOptions = { connections, seconds, ...limits };
    current = runLoad(target, options);
    const measured = await current.result;
    current = undefined;
    return interrupted ? undefined : measured;
  };
}
