import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { traceHeadersOf } from '@travel/tracing';
import type { AttemptResult, OutgoingDelivery } from '../domain/deliveries/delivery';
import { signatureHeader } from '../domain/endpoints/signature';
import { checkTarget, type TargetPolicy } from '../domain/endpoints/target-address';

export interface PostOptions {
  policy: TargetPolicy;
  /** A 2xx within 5 seconds acknowledges; anything slower is a failure (docs/webhooks.md). */
  timeoutMs: number;
  now?: () => Date;
}

export const USER_AGENT = 'Partner-Webhooks/1.0';

/** Sends attempts; its keep-alive connection pools live as long as it does (one per process, made in service.ts). */
export function createPostEvent(
  options: PostOptions,
): (delivery: OutgoingDelivery) => Promise<AttemptResult> {
  const agents = createAgentPool();
  return (delivery) => postEvent(delivery, options, agents);
}

/**
 * One attempt: the target is checked again (its name may resolve elsewhere now), the connection is
 * pinned to the addresses just checked (so DNS cannot change between check and connect), the body is
 * signed at send time, and only a 2xx counts. Redirects are not followed: a 3xx is a failure.
 */
async function postEvent(
  delivery: OutgoingDelivery,
  options: PostOptions,
  agents: AgentPool,
): Promise<AttemptResult> {
  const now = options.now ?? (() => new Date());
  const at = now();
  const started = performance.now();
  const finish = (
    statusCode: number | null,
    error: string | null,
    answer: { answeredAt: number; body: string | null } = { answeredAt: performance.now(), body: null },
  ): AttemptResult => ({
    at,
    statusCode,
    error,
    durationMs: Math.round(answer.answeredAt - started),
    acknowledged: statusCode !== null && statusCode >= 200 && statusCode < 300,
    responseBody: answer.body,
  });
  const target = await checkTarget(delivery.url, options.policy);
  if (!target.ok) return finish(null, `target refused: ${target.reason}`);
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(delivery.body)),
    'User-Agent': USER_AGENT,
    'X-Partner-Event': delivery.eventType,
    'X-Partner-Delivery': delivery.deliveryId,
    'X-Partner-Signature': signatureHeader(delivery.secrets, delivery.body, now()),
    // The attempt's span, when traced: the partner's own tracing may continue the trace.
    ...traceHeadersOf(),
  };
  try {
    const answer = await send(target.url, headers, delivery.body, target.addresses, options, agents);
    return finish(answer.statusCode, null, answer);
  } catch (error) {
    return finish(null, error instanceof Error ? error.message : String(error));
  }
}

/** The first bytes of a receiver's answer kept with its attempt (partners see them in the delivery list). */
export const RESPONSE_BODY_BYTES = 1024;
/** How long the first bytes are waited for once the status line is in (the status alone decides the attempt). */
const BODY_WAIT_MS = 1000;

interface Answer {
  statusCode: number;
  /** `performance.now()` at the status line: the attempt's latency ends there. */
  answeredAt: number;
  body: string;
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  addresses: string[],
  { timeoutMs }: PostOptions,
  agents: AgentPool,
): Promise<Answer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const agent = agents.agentFor(url, addresses);
    const req = request(url, { method: 'POST', headers, agent }, (res: IncomingMessage) => {
      clearTimeout(timer);
      const answeredAt = performance.now();
      readHead(res).then((head) => resolve({ statusCode: res.statusCode ?? 0, answeredAt, body: head }));
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}

/**
 * The first `RESPONSE_BODY_BYTES` of an answer, as UTF-8, or what came within `BODY_WAIT_MS`; the rest is
 * read and dropped (so the connection can be reused), never kept.
 */
function readHead(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(wait);
      resolve(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_BYTES).toString('utf8'));
    };
    const wait = setTimeout(done, BODY_WAIT_MS);
    res.on('data', (chunk: Buffer) => {
      if (size >= RESPONSE_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_BYTES) done();
    });
    res.on('end', done);
    res.on('error', done);
  });
}

/** Agents kept at once; the oldest is dropped (its idle connections close on their own timeout). */
const MAX_AGENTS = 256;
/** An idle pooled connection is closed after this (or 1 s before the receiver's Keep-Alive hint, if sooner). */
const IDLE_MS = 4000;

interface AgentPool {
  agentFor(url: URL, addresses: string[]): HttpAgent;
}

/**
 * Keep-alive connections, one pool per origin *and* the exact set of addresses its check just approved,
 * every connection made through the pinned lookup: a pooled connection is reused only while the check
 * still gives the same addresses, so it always goes to an address approved at this attempt (docs/decisions/webhooks.md, "Targets").
 */
function createAgentPool(): AgentPool {
  const agents = new Map<string, HttpAgent>();
  return {
    agentFor(url, addresses) {
      const key = `${url.protocol}//${url.host}|${addresses.join(',')}`;
      let agent = agents.get(key);
      if (!agent) {
        const options = { keepAlive: true, timeout: IDLE_MS, lookup: pinnedLookup(addresses) };
        agent = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
        if (agents.size >= MAX_AGENTS) agents.delete(agents.keys().next().value as string);
        agents.set(key, agent);
      }
      return agent;
    },
  };
}

/** Resolves the host to the addresses `checkTarget` just approved, never asking DNS again. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0]?.address, entries[0]?.family);
  }) as unknown as LookupFunction;
}
