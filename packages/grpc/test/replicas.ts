import { audit } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { createGrpcServer, type GrpcServer, type ServerConnectionSettings } from '../src';

/**
 * One replica of a small test service (the audit contract, borrowed for its list method): a real gRPC server on
 * its own loopback address. It answers with its own address in `nextCursor`, counts its calls and the
 * connections they came on (the caller's address and port), holds a call whose cursor is `hold` until
 * `release()`, and fails one whose cursor is `fail` as UNAVAILABLE after its handler ran.
 */
export interface Replica {
  host: string;
  server: GrpcServer;
  calls: number;
  /** Distinct client connections seen (`ip:port` of the caller). */
  peers: Set<string>;
  /** Calls waiting for `release()`. */
  held: number;
  release(): void;
}

/** Cursors that make the handler hold the call until `release()`, or fail it as a backing server's outage. */
export const HOLD = 'hold';
export const FAIL = 'fail';
const logger = createLogger({ name: 'replica-test', level: 'silent' });

export interface ReplicaOptions {
  connections?: ServerConnectionSettings;
  /** false: it only listens, as a process does while its dependencies come up (`server.start()` serves). */
  serving?: boolean;
}

export async function startReplica(
  host: string,
  port: number,
  options: ReplicaOptions = {},
): Promise<Replica> {
  let release = () => {};
  let released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const replica: Replica = {
    host,
    server: createGrpcServer({
      host,
      port,
      logger,
      connections: options.connections,
      healthChecks: {},
      services: [
        {
          definition: audit.AuditServiceDefinition,
          implementation: {
            async listAuditEntries(request: audit.ListAuditEntriesRequest, context: { peer: string }) {
              replica.calls += 1;
              replica.peers.add(context.peer);
              if (request.cursor === FAIL) throw new AppError('service_unavailable');
              if (request.cursor === HOLD) {
                replica.held += 1;
                await released;
                replica.held -= 1;
              }
              return { entries: [], nextCursor: host };
            },
            async recordAuditEntry() {
              return {};
            },
          },
        },
      ],
    }),
    calls: 0,
    peers: new Set(),
    held: 0,
    release() {
      release();
      released = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
  await (options.serving === false ? replica.server.listen() : replica.server.start());
  return replica;
}

/** Replicas on 127.0.0.2, 127.0.0.3, ... all on one port (the first one's, chosen by the system). */
export async function startReplicas(count: number, options: ReplicaOptions = {}) {
  const first = await startReplica('127.0.0.2', 0, options);
  const replicas = [first];
  for (let i = 1; i < count; i += 1)
    replicas.push(await startReplica(`127.0.0.${i + 2}`, first.server.port(), options));
  const target = `ipv4:${replicas.map((r) => `${r.host}:${first.server.port()}`).join(',')}`;
  return { replicas, target };
}

/** Retries `attempt` until it passes or `timeoutMs` is over (then its last error). */
export async function eventually(attempt: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
