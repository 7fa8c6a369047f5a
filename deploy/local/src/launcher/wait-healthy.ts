import { gatewayUrl, type StackProfile } from './profile';

interface HealthSummary {
  data?: { status: string };
}

export interface WaitOptions {
  timeoutMs: number;
  log: (line: string) => void;
  /** Tells which launched replicas have died (`booking`, `booking-2`), so a crash fails at once, not at the deadline. */
  deadProcesses: () => string[];
  /** The replicas not ready yet (`booking`, `gateway-2`), named in the progress lines while it is degraded. */
  unreadyProcesses: () => Promise<string[]>;
}

/**
 * Polls the gateway's public `/api/health` until it says `ok`: every service serving and the infrastructure
 * answering, as the gateway's background report last saw them (the detail is the platform staff's
 * `/api/admin/health`; the lines printed meanwhile name the replicas not ready yet).
 */
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
      const summary = (await res.json()) as HealthSummary;
      if (summary.data?.status === 'ok') return;
      const unready = await options.unreadyProcesses();
      pending = unready.length > 0 ? unready : ['the infrastructure (GET /api/admin/health says which)'];
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
