/**
 * What a Kubernetes Service does for the load: polls each gateway's `/api/ready` and offers only those that
 * answered 200 at their last poll, in turn. A gateway that starts draining drops out within one poll.
 */
export interface ReadyGateways {
  /** The next ready gateway, round robin; undefined while none is ready. */
  pick(): string | undefined;
  stop(): Promise<void>;
}

export function watchReadyGateways(urls: string[], pollMs: number): ReadyGateways {
  const ready = new Set<string>();
  let turn = 0;
  let stopped = false;
  const probe = async (url: string) => {
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) ready.add(url);
      else ready.delete(url);
    } catch {
      ready.delete(url);
    }
  };
  // One loop per gateway, so a slow answer of one never delays noticing that the other drains.
  const loops = urls.map(async (url) => {
    while (!stopped) {
      await probe(url);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  });
  return {
    pick() {
      const candidates = urls.filter((url) => ready.has(url));
      if (candidates.length === 0) return undefined;
      turn = (turn + 1) % candidates.length;
      return candidates[turn];
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
