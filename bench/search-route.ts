import {
  gatewayUrl,
  offerKeysFor,
  PROFILES,
  type ProcessName,
  peerTlsFor,
  processSpecs,
  resolveInfraUrls,
} from '@travel/local-deploy';
import type { InProcessSearchData } from './in-process-search';
import type { Measurement, Target } from './load';
import { count, fail, print } from './report';
import { startWorkerRoute } from './worker-route';

/**
 * `--route search` beside the platform: the same flight search in one process (`in-process-search.ts`), so the
 * cost of the service split (gateway → search → pricing over gRPC) is a measured ratio.
 */

export interface InProcessSearch {
  target: Target;
  stop(): Promise<number>;
}

export interface SearchSide {
  gateway: string;
  /** The environment the launcher read: where the infrastructure is, and the checkout's state directory. */
  env: NodeJS.ProcessEnv;
}

/**
 * Starts the in-process search wired to the stack behind `--gateway` (its store database and offer-token key),
 * checks that it answers as the platform does, and resolves its target; undefined (with the reason printed)
 * when the gateway is not one the launcher starts, whose services' environments are then unknown.
 */
export async function startInProcessSearch(
  side: SearchSide,
  platform: Target,
  secret: string,
): Promise<InProcessSearch | undefined> {
  const profile = Object.values(PROFILES).find(
    (p) => gatewayUrl(p) === side.gateway.replace('localhost', '127.0.0.1'),
  );
  if (!profile) {
    print(
      `in-process search skipped: ${side.gateway} is not a stack the launcher starts (dev ${gatewayUrl(PROFILES.dev)})`,
    );
    return undefined;
  }
  const keys = { ...offerKeysFor(side.env, profile), peerTlsRoot: await peerTlsFor(side.env, profile) };
  const specs = processSpecs(profile, resolveInfraUrls(side.env), keys);
  const envOf = (name: ProcessName) => ({ ...side.env, ...specs.find((spec) => spec.name === name)?.env });
  const data: InProcessSearchData = {
    searchEnv: envOf('search'),
    pricingEnv: envOf('pricing'),
    searcher: await searcherOf(side.gateway, secret),
  };
  const route = await startWorkerRoute('in-process-search.js', data);
  // The platform's body, so both answer the same question.
  const target: Target = {
    ...platform,
    name: 'in-process POST /search/flights',
    url: `http://127.0.0.1:${route.port}/search/flights`,
    headers: { 'content-type': 'application/json' },
  };
  try {
    await assertSameOffers(platform, target);
  } catch (error) {
    await route.stop();
    throw error;
  }
  return { target, stop: route.stop };
}

/** The benchmark key's client as the search service sees it (a client without a tenant). */
async function searcherOf(gateway: string, secret: string): Promise<InProcessSearchData['searcher']> {
  const res = await fetch(`${gateway}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
  if (!res.ok) fail(`GET /api/v1/me answered ${res.status}`);
  const { data } = (await res.json()) as {
    data: { clientId: number; environment: 'live' | 'test'; tenantLinked: boolean };
  };
  if (data.tenantLinked) fail('the search benchmark key must belong to a client without a tenant');
  return { tenantId: null, clientId: data.clientId, environment: data.environment };
}

interface FlightAnswer {
  data: { onward: Offer[]; return?: Offer[] };
}
interface Offer {
  flightNumber: string;
  date: string;
  price: { total: number };
}

/** The same flights at the same prices (the offer tokens differ: each is signed when it is issued). */
async function assertSameOffers(platform: Target, inProcess: Target): Promise<void> {
  const [split, single] = await Promise.all([offersOf(platform), offersOf(inProcess)]);
  if (split.join() !== single.join()) {
    fail(
      `the in-process search answered other offers than the platform:\n  platform   ${split.join(', ')}\n  in process ${single.join(', ')}`,
    );
  }
  print(`in-process search answers as the platform: ${split.length} offers, the same flights and prices`);
}

async function offersOf(target: Target): Promise<string[]> {
  const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body });
  if (!res.ok) fail(`${target.name} answered ${res.status}: ${await res.text()}`);
  const { data } = (await res.json()) as FlightAnswer;
  return [...data.onward, ...(data.return ?? [])].map((o) => `${o.flightNumber} ${o.date} ${o.price.total}`);
}

/** The two figures the split costs: throughput at full speed, and latency at a rate both serve. */
export function printSplitCost(
  max: [Measurement | undefined, Measurement | undefined],
  paced: [Measurement | undefined, Measurement | undefined],
  rate: number,
): void {
  const [platformMax, singleMax] = max;
  const [platformPaced, singlePaced] = paced;
  const times = (split: number, single: number) => `${(split / single).toFixed(2)}x`;
  const ms = (split: number, single: number) => `${split.toFixed(2)} ms / ${single.toFixed(2)} ms`;
  print();
  print(
    'the service split: the platform (gateway, search, pricing over gRPC) / the same search in one process',
  );
  if (platformMax && singleMax) {
    print(
      `  full speed        throughput ${(platformMax.rps / singleMax.rps).toFixed(2)} (${count(platformMax.rps)} / ${count(singleMax.rps)} req/s); p50 ${times(platformMax.p50, singleMax.p50)} (${ms(platformMax.p50, singleMax.p50)})`,
    );
  }
  if (platformPaced && singlePaced) {
    print(
      `  at ${count(rate)} req/s    latency p50 ${times(platformPaced.p50, singlePaced.p50)} (${ms(platformPaced.p50, singlePaced.p50)}), p99 ${times(platformPaced.p99, singlePaced.p99)} (${ms(platformPaced.p99, singlePaced.p99)})`,
    );
  }
}
