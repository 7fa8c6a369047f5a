import { gatewayUrl, type StackProfile } from './profile';

interface HealthReport {
  data?: {
    status: string;
    services: Record<string, { status: string }>;
    infrastructure: Record<string, string>;
  };
}

export interface WaitOptions {
  timeoutMs: number;
  log: (line: string) => void;
  /** Tells which launched replicas have died (`booking`, `booking-2`), so a crash fails at once, not at the deadline. */
  deadProcesses: () => string[];
}

function notReady(report: HealthReport): string[] {
  const data = report.data;
  if (!data) return ['gateway'];
  const services = Object.entries(data.services)
    .filter(([, s]) => s.status !== 'SERVING')
    .map(([name, s]) => `${name} ${s.status}`);
  const infra = Object.entries(data.infrastructure)
    .filter(([, s]) => s !== 'ok')
    .map(([name, s]) => `${name} ${s}`);
  return [...services, ...infra];
}

/** Polls the gateway's /api/health until every service and the infrastructure report healthy. */
export async function waitUntilHealthy(profile: StackProfile, options: WaitOptions): Promise<void> {
  const started = Date.now();
  let lastReported = 0;
  let pending: string[] = ['gateway'];
  while (Date.now() - started < options.timeoutMs) {
    const dead = options.deadProcesses();
    if (dead.length > 0)
      throw new Error(
        `${dead.join(', ')} exited during start (see .local/logs/${profile.name}-${dead[0]}.log)`,
      );
    try {
      const res = await fetch(`${gatewayUrl(profile)}/api/health`, { signal: AbortSignal.timeout(3000) });
      pending = notReady((await res.json()) as HealthReport);
      if (pending.length === 0) return;
    } catch {
      pending = ['gateway (not answering yet)'];
    }
    if (Date.now() - lastReported > 5000) {
      options.log(`[launch] waiting for: ${pending.join(', ')}`);
      lastReported = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not healthy after ${options.timeoutMs / 1000}s; still waiting for: ${pending.join(', ')}`);
}
