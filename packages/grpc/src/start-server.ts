import { health } from '@travel/contracts';
import type { Logger } from '@travel/logger';
import {
  type CallContext,
  type CompatServiceDefinition,
  createServer,
  type Server,
  ServerError,
  type ServerMiddleware,
  type ServerMiddlewareCall,
  type ServiceImplementation,
  Status,
} from 'nice-grpc';
import type { AllowedPeers } from './allowed-peers';
import { callScopeMiddleware } from './call-scope';
import { type ServerConnectionSettings, serverOptionsOf } from './connection-settings';
import { type PeerTls, serverCredentialsOf } from './credentials';
import { receiveDeadline } from './deadline';
import { createHealthService, type HealthCheck } from './health';
import { inFlightLimit } from './in-flight-limit';
import { NOT_PROCESSED_KEY } from './metadata';
import { withServerMetrics } from './metrics-middleware';
import { peerCheck } from './peer-check';
import { createProbeListener } from './probe-listener';
import { addReflection, serviceNameOf } from './reflection';
import { type RequestContext, requestContextMiddleware } from './server-middleware';
import { traceServerCalls } from './trace-calls';

export interface ServiceBinding {
  definition: CompatServiceDefinition;
  // The implementation's exact type is checked where it is built, against its generated definition.
  implementation: Partial<ServiceImplementation<CompatServiceDefinition, RequestContext>>;
}

export interface GrpcServerOptions {
  host: string;
  port: number;
  services: ServiceBinding[];
  healthChecks: Record<string, HealthCheck>;
  logger: Logger;
  /**
   * Connection age, keepalive and the drain at stop (`serverConnectionsOf(config)`); omitted: grpc-js's defaults
   * (connections live forever) and a stop that waits for every call.
   */
  connections?: ServerConnectionSettings;
  /** `true`: grpc.reflection describes the services and health, from `proto/` (`reflectionOf(config)`). */
  reflection?: boolean;
  /**
   * Mutual TLS and who may call what (`serverPeersOf(config, 'identity')`; docs/caller-trust.md). Every service
   * passes it (its config requires GRPC_TLS_DIR); omitted: a plaintext server that checks no peer, for this
   * package's own transport tests.
   */
  peers?: ServerPeers;
}

/** A service's side of caller trust: its certificate, its table of allowed peers, its plaintext probe port. */
export interface ServerPeers {
  tls: PeerTls;
  allowed: AllowedPeers;
  /** A plaintext port serving grpc.health.v1 alone, for probes without a certificate (the kubelet's); omitted: none. */
  probePort?: number | undefined;
}

export interface GrpcServer {
  name: string;
  /** The bound port (useful when `port` was 0). */
  port(): number;
  /** The bound plaintext probe port, when `peers.probePort` was given. */
  probePort(): number | undefined;
  /** Binds the port before the process's dependencies are up: health NOT_SERVING, calls UNAVAILABLE. */
  listen(): Promise<void>;
  /** Serves (binding first if `listen` was not called). */
  start(): Promise<void>;
  /** Health NOT_SERVING, every client told to go away, in-flight calls finished (cancelled after the grace). */
  stop(): Promise<void>;
}

/** A gRPC server with grpc.health.v1, reflection if asked, trace spans, and our request-context and error mapping on every service. */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  let shuttingDown = false;
  let serving = false;
  let listening = false;
  let boundPort = options.port;
  // The first middleware runs outermost: the trace span is active while the request context runs the call.
  // The peer check is a grpc-js interceptor: it refuses a call before any of the middleware below runs; then the
  // deadline the caller sent is read for the handler (receiveDeadline).
  const interceptors = [peerCheck(options.peers?.allowed, options.logger), receiveDeadline];
  // Read and checked now: a missing or wrong certificate fails the start.
  const credentials = options.peers && serverCredentialsOf(options.peers.tls);
  const server = withServerMetrics(createServer({ ...serverOptionsOf(options.connections), interceptors }))
    .use(traceServerCalls)
    .use(requestContextMiddleware(options.logger));
  // Health and reflection are added beside, not behind, these: never gated, limited or scoped.
  const maxInFlight = options.connections?.maxInFlight;
  const gated = server
    .with(untilServing(() => serving))
    .with(maxInFlight ? inFlightLimit(maxInFlight) : passThrough)
    .with(callScopeMiddleware());
  for (const service of options.services) gated.add(service.definition, service.implementation);
  const healthService = createHealthService(
    options.healthChecks,
    () => shuttingDown,
    () => !serving,
  );
  server.add(health.HealthDefinition, healthService);
  const probePort = options.peers?.probePort;
  const probes =
    probePort === undefined
      ? undefined
      : createProbeListener(
          options.host,
          probePort,
          healthService,
          serverOptionsOf(options.connections),
          options.logger,
        );
  // Ungated like health: a starting process can already be described.
  if (options.reflection)
    addReflection(server, [
      ...options.services.map((s) => serviceNameOf(s.definition)),
      health.HealthDefinition.fullName,
    ]);
  const listen = async () => {
    if (listening) return;
    boundPort = await server.listen(`${options.host}:${options.port}`, credentials);
    await probes?.listen();
    listening = true;
    options.logger.info({ port: boundPort }, 'grpc listening');
  };
  return {
    name: 'grpc-server',
    port: () => boundPort,
    probePort: () => probes?.port(),
    listen,
    async start() {
      await listen();
      serving = true;
      options.logger.info({ port: boundPort }, 'grpc serving');
    },
    async stop() {
      shuttingDown = true;
      await drain(server, options.connections?.maxConnectionAgeGraceMs, options.logger);
      await probes?.stop();
    },
  };
}

/**
 * Closes the listener and sends every connection GOAWAY (grpc-js's tryShutdown): clients send no new call here
 * and pick another replica, calls in flight finish. Those still running after `graceMs` are cancelled; without
 * a grace the process's own shutdown deadline is the bound.
 */
async function drain(
  server: Pick<Server, 'shutdown' | 'forceShutdown'>,
  graceMs: number | undefined,
  logger: Logger,
): Promise<void> {
  const drained = server.shutdown();
  if (graceMs === undefined) return drained;
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    timer = setTimeout(() => resolve('grace over'), graceMs);
  });
  const outcome = await Promise.race([drained, graceOver]);
  clearTimeout(timer);
  if (outcome === 'grace over') {
    logger.warn({ graceMs }, 'grpc calls still running after the grace; cancelling them');
    server.forceShutdown();
  }
}

const passThrough: ServerMiddleware = (call, context) => call.next(call.request, context);

/**
 * Until the process has started, a call other than a health check is UNAVAILABLE, marked as not processed, so
 * that a client sends it to another replica (`retryUnprocessed`).
 */
function untilServing(isServing: () => boolean) {
  return async function* gate<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ) {
    if (!isServing()) {
      context.trailer.set(NOT_PROCESSED_KEY, 'true');
      throw new ServerError(Status.UNAVAILABLE, 'The service is starting.');
    }
    return yield* call.next(call.request, context);
  };
}
