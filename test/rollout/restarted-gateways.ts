import { gatewayUrl, type ProcessRef } from '@travel/local-deploy';
import type { MixedLoad } from './mixed-load';
import { ROLLOUT } from './rollout-stack';

// What the load got from each gateway after the roll restarted it: the gateways go last, so a load that ended
// early would pass "no request failed" with no request sent to a restarted gateway. The old process has exited
// before the new one starts, so every answer counted after `readyAgain` came from the new one.

export interface RestartedGatewayAnswers {
  /** Notes a replica's turn of the roll as done (ready again); only gateways count. */
  readyAgain(ref: ProcessRef): void;
  /** Gateway URL → answers since it was ready again, for every gateway restarted so far. */
  since(): Record<string, number>;
  /** The gateways not restarted yet, or with fewer answers than `atLeast` since they were ready again. */
  short(atLeast: number): string[];
}

export function restartedGatewayAnswers(
  load: Pick<MixedLoad, 'answeredBy'>,
  gateways: string[],
): RestartedGatewayAnswers {
  const atReady = new Map<string, number>();
  const since = () =>
    Object.fromEntries([...atReady].map(([url, before]) => [url, load.answeredBy(url) - before]));
  return {
    readyAgain(ref) {
      if (ref.name !== 'gateway') return;
      const url = gatewayUrl(ROLLOUT, ref.replica);
      atReady.set(url, load.answeredBy(url));
    },
    since,
    short(atLeast) {
      const answers = since();
      return gateways.flatMap((url) => {
        const count = answers[url];
        if (count === undefined) return [`${url}: not restarted`];
        return count < atLeast ? [`${url}: ${count} answers since ready again`] : [];
      });
    },
  };
}
