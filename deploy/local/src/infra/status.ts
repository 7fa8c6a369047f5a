import { componentMode, resolveInfraUrls } from './config';
import { pidFile } from './paths';
import { isAlive, readPidFile } from './process';
import { probeOnce } from './readiness';
import type { InfraComponent, InfraComponentStatus } from './types';

function describe(
  managed: boolean,
  pid: number | undefined,
  problem: string | undefined,
): string | undefined {
  if (problem === undefined)
    return managed && pid === undefined ? 'answering, but not started by this tool' : undefined;
  if (!managed) return problem;
  return pid === undefined ? 'not running' : `pid ${pid} is alive but not answering: ${problem}`;
}

export async function statusOne(c: InfraComponent, env: NodeJS.ProcessEnv): Promise<InfraComponentStatus> {
  const urls = resolveInfraUrls(env);
  const mode = componentMode(c.name, env);
  const recorded = mode === 'managed' ? readPidFile(pidFile(env, c.name)) : undefined;
  const pid = recorded !== undefined && isAlive(recorded, c.processMarker) ? recorded : undefined;
  const problem = await probeOnce((t) => c.probe(urls, t));
  const status: InfraComponentStatus = {
    name: c.name,
    mode,
    ready: problem === undefined,
    address: c.address(urls),
  };
  if (pid !== undefined) status.pid = pid;
  const detail = describe(mode === 'managed', pid, problem);
  if (detail !== undefined) status.detail = detail;
  return status;
}
