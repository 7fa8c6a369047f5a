import type { KubeClient, KubeObject } from '@travel/local-deploy';
import { RELEASE } from './chart';
import { inNamespace } from './cluster';

/** What the watch of the index migrations hook saw while one helm step ran. */
export interface HookOrder {
  /** The Job was there at some poll. */
  seen: boolean;
  /** It was seen Complete, or seen and then gone (helm deletes it once every hook succeeded). */
  done: boolean;
  /** Rollouts seen started while the Job was not done yet (or not there yet): each a violation. */
  early: string[];
  polls: number;
}

const JOBS = `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/component=migrations`;

const complete = (job: KubeObject) =>
  (job.status?.conditions ?? []).some(
    (c: { type: string; status: string }) => c.type === 'Complete' && c.status === 'True',
  );

/**
 * Polls the control plane while a helm step runs: at each poll first the rollouts that have started (`started`),
 * then the migrations Job. A rollout seen before a later read still finds the Job unfinished means the rollout began
 * before the Job completed; `stop()` ends the watch and says what it saw.
 */
export function watchHookOrder(
  api: KubeClient,
  started: () => Promise<string[]>,
): { stop(): Promise<HookOrder> } {
  const order: HookOrder = { seen: false, done: false, early: [], polls: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const rollouts = await started();
      const jobs = await api.list(inNamespace('batch/v1', 'jobs'), JOBS);
      order.polls += 1;
      if (jobs.length > 0) order.seen = true;
      if (jobs.some(complete) || (order.seen && jobs.length === 0)) order.done = true;
      if (rollouts.length > 0 && !order.done)
        order.early.push(...rollouts.filter((r) => !order.early.includes(r)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return order;
    },
  };
}
