import { audit } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { metricValue } from '@travel/metrics';
import type { CallContext } from 'nice-grpc';
import { createGrpcServer, createPeerClient, createServiceClient, type RequestContext } from '../src';

// Three processes' worth of real gRPC over loopback: a caller → a front service whose handler calls a back
// service (through a peer client, as booking calls pricing) → the back service, which holds each call until its
// caller cancels it (or 10 s). Both servers record what their handlers saw.
const logger = createLogger({ name: 'deadline-test', level: 'silent' });
const HOLD_MS = 10_000;
/** The front service's own cap on its calls to the back one (PRICING_DEADLINE_MS and the like). */
const FRONT_CAP_MS = 8000;
/**
 * How much later than sent a deadline may land at the next hop, or an answer or a cancellation arrive, on a busy
 * machine (load 10 and more on 2 cores); far below the gaps that tell the claims apart (the 400 ms deadline against the
 * 8 s cap and 10 s hold), so the checks prove which one ended a call without depending on the machine's speed.
 */
const TRANSIT_MS = 1000;
/** An end "by the deadline" (400 ms) or "at once", told from the 8 s cap with room for a busy machine. */
const BY_THE_DEADLINE_MS = FRONT_CAP_MS / 2;

interface Seen {
  deadline: Date | undefined;
  /** When the handler's signal aborted (its call cancelled), in ms since the epoch. */
  cancelledAt?: number;
  /** When the handler returned or threw. */
  endedAt?: number;
}

const backSeen: Seen[] = [];
const frontSeen: Seen[] = [];
let backHolds = true;

function recording(into: Seen[], context: CallContext & RequestContext): Seen {
  const seen: Seen = { deadline: context.deadline };
  context.signal.addEventListener('abort', () => {
    seen.cancelledAt = Date.now();
  });
  into.push(seen);
  return seen;
}

const back = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger,
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries(_request: unknown, context: CallContext & RequestContext) {
          recording(backSeen, context);
          if (backHolds)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, HOLD_MS);
              context.signal.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve();
              });
            });
          return { entries: [] };
        },
        async recordAuditEntry() {
          return {};
        },
      },
    },
  ],
});

const backClient = () =>
  createPeerClient(audit.AuditServiceDefinition, `127.0.0.1:${back.port()}`, {
    caller: 'front',
    deadlineMs: FRONT_CAP_MS,
  });

const front = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger,
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries(_request: unknown, context: CallContext & RequestContext) {
          const seen = recording(frontSeen, context);
          try {
            // No deadline or signal passed: the handler's call scope carries them on.
            await backClient().listAuditEntries({}, { requestId: context.requestId });
            return { entries: [] };
          } finally {
            seen.endedAt = Date.now();
          }
        },
        async recordAuditEntry() {
          return {};
        },
      },
    },
  ],
});

beforeAll(async () => {
  await back.start();
  await front.start();
});
afterAll(async () => {
  await front.stop();
  await back.stop();
});
beforeEach(() => {
  backSeen.length = 0;
  frontSeen.length = 0;
  backHolds = true;
});

const frontClient = () =>
  createServiceClient(audit.AuditServiceDefinition, `127.0.0.1:${front.port()}`, { deadlineMs: 20_000 });
const cancelled = (method: string) =>
  metricValue('grpc_server_cancelled_total', {
    grpc_service: 'travel.identity.v1.AuditService',
    grpc_method: method,
  });

describe('one deadline down the chain', () => {
  it('when a caller sets a deadline, then each handler sees it and the call it makes carries what is left, not its own cap', async () => {
    backHolds = false;
    const deadline = new Date(Date.now() + 2000);
    await frontClient().listAuditEntries({}, { deadline });
    const [atFront] = frontSeen;
    const [atBack] = backSeen;
    // grpc-timeout is what is left when sent; the server adds it to when it read it, so each hop may land later by
    // the time the call took to travel (more on a busy machine). TRANSIT_MS of slack still tells the caller's 2 s
    // from the front's own 8 s cap.
    expect(Math.abs((atFront?.deadline?.getTime() ?? 0) - deadline.getTime())).toBeLessThan(TRANSIT_MS);
    expect(atBack?.deadline?.getTime()).toBeLessThanOrEqual((atFront?.deadline?.getTime() ?? 0) + TRANSIT_MS);
    expect(atBack?.deadline?.getTime()).toBeLessThan(deadline.getTime() + FRONT_CAP_MS / 2);
    expect(atBack?.deadline?.getTime()).toBeGreaterThan(Date.now());
  });

  it('when a caller sets no deadline, then the handler sees none and its call carries its own cap', async () => {
    backHolds = false;
    const started = Date.now();
    await createServiceClient(audit.AuditServiceDefinition, `127.0.0.1:${front.port()}`, {
      deadlineMs: 20_000,
    }).listAuditEntries({}, { deadline: undefined });
    expect(frontSeen[0]?.deadline).toBeUndefined();
    const backDeadline = backSeen[0]?.deadline?.getTime() ?? 0;
    expect(backDeadline - started).toBeGreaterThan(FRONT_CAP_MS - 500);
    expect(backDeadline - started).toBeLessThanOrEqual(FRONT_CAP_MS + TRANSIT_MS);
  });

  it('when the back service is slower than the deadline, then the caller hears service_unavailable by it, the back handler sees its call cancelled and the front handler ends', async () => {
    const [frontBefore, backBefore] = [await cancelled('ListAuditEntries'), backSeen.length];
    const started = Date.now();
    const error = await frontClient()
      .listAuditEntries({}, { deadline: 400 })
      .catch((e: unknown) => e);
    const answeredAfter = Date.now() - started;
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'service_unavailable' });
    expect(answeredAfter).toBeGreaterThanOrEqual(390);
    expect(answeredAfter).toBeLessThan(BY_THE_DEADLINE_MS);
    // The back handler heard of it by the deadline (with a little for the cancellation to travel), not after
    // its own 10 s or the front's 8 s cap.
    await waitUntil(() => backSeen[backBefore]?.cancelledAt !== undefined);
    expect((backSeen[backBefore]?.cancelledAt ?? Infinity) - started).toBeLessThan(BY_THE_DEADLINE_MS);
    // The front's handler ended then too: cancelled, or failed by its back call's deadline (the same one,
    // carried on), whichever came first.
    await waitUntil(() => frontSeen[0]?.endedAt !== undefined);
    expect((frontSeen[0]?.endedAt ?? Infinity) - started).toBeLessThan(BY_THE_DEADLINE_MS);
    expect(await cancelled('ListAuditEntries')).toBeGreaterThanOrEqual(frontBefore + 1);
  });

  it('when the caller cancels its call, then the cancellation reaches the back handler at once and is counted', async () => {
    const before = await cancelled('ListAuditEntries');
    const hangUp = new AbortController();
    const call = frontClient()
      .listAuditEntries({}, { signal: hangUp.signal, deadline: 20_000 })
      .catch((e: unknown) => e);
    await waitUntil(() => backSeen.length === 1);
    const cancelledAt = Date.now();
    hangUp.abort();
    await call;
    await waitUntil(() => backSeen[0]?.cancelledAt !== undefined);
    // At once: long before the call's own 20 s deadline or the front's 8 s cap could have ended it.
    expect((backSeen[0]?.cancelledAt ?? Infinity) - cancelledAt).toBeLessThan(BY_THE_DEADLINE_MS);
    await waitUntil(() => frontSeen[0]?.cancelledAt !== undefined);
    // The front's call and the back's, each counted by its server.
    expect(await cancelled('ListAuditEntries')).toBe(before + 2);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
