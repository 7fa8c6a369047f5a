import { PROFILES, type ProcessName, restartProcess } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { expectAllServing, platformHealth } from './gateway';

/**
 * The switch that turns tracing on in the e2e stack: these processes start again exporting to `endpoint`
 * (a test's own OTLP receiver), their batches sent every 200 ms. The stack is launched with tracing off;
 * `tracingOff` starts them again as launched. Resolves once the platform reports itself healthy.
 */
export async function tracingOn(processes: ProcessName[], endpoint: string): Promise<void> {
  await restartAll(processes, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' });
}

export async function tracingOff(processes: ProcessName[]): Promise<void> {
  await restartAll(processes, {});
}

async function restartAll(processes: ProcessName[], env: Record<string, string>): Promise<void> {
  for (const name of processes) await restartProcess(process.env, PROFILES.e2e, name, env);
  await waitFor(async () => expectAllServing(await platformHealth()), { timeoutMs: 60_000, intervalMs: 500 });
}
