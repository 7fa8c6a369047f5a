import { createKubeClient } from './api';
import type { ControlPlaneComponent } from './components';

/** One health check of a component: 200 and `ok` (etcd answers JSON with `"health":"true"`). */
export async function probeComponent(
  component: ControlPlaneComponent,
  token: string,
  timeoutMs: number,
): Promise<void> {
  const { url, caFile } = component.health;
  const body = caFile
    ? await createKubeClient({ server: new URL(url).origin, token, caFile }).text(
        new URL(url).pathname,
        timeoutMs,
      )
    : await httpText(url, timeoutMs);
  if (!/^ok$|"health":"true"/.test(body.trim())) throw new Error(`${url} answered ${body.slice(0, 200)}`);
}

async function httpText(url: string, timeoutMs: number): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${body.slice(0, 200)}`);
  return body;
}
