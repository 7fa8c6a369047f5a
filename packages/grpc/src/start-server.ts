import { health } from '@travel/contracts';
import type { Logger } from '@travel/logger';
import {
  type CallContext,
  type CompatServiceDefinition,
  createServer,
  ServerError,
  type ServerMiddlewareCall,
  type ServiceImplementation,
  Status,
} from 'nice-grpc';
import { createHealthService, type HealthCheck } from './health';
import { withServerMetrics } from './metrics-middleware';
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
}

export interface GrpcServer {
  name: string;
  /** The bound port (useful when `port` was 0). */
  port(): number;
  /** Binds the port before the process's dependencies are up: health NOT_SERVING, calls UNAVAILABLE. */
  listen(): Promise<void>;
  /** Serves (binding first if `listen` was not called). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A gRPC server with grpc.health.v1, trace spans, and our request-context and error mapping on every service. */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  let shuttingDown = false;
  let serving = false;
  let listening = false;
  let boundPort = options.port;
  // The first middleware runs outermost: the trace span is active while the request context runs the call.
  const server = withServerMetrics(createServer())
    .use(traceServerCalls)
    .use(requestContextMiddleware(options.logger));
  const gated = server.with(untilServing(() => serving));
  for (const service of options.services) gated.add(service.definition, service.implementation);
  server.add(
    health.HealthDefinition,
    createHealthService(
      options.healthChecks,
      () => shuttingDown,
      () => !serving,
    ),
  );
  const listen = async () => {
    if (listening) return;
    boundPort = await server.listen(`${options.host}:${options.port}`);
    listening = true;
    options.logger.info({ port: boundPort }, 'grpc listening');
  };
  return {
    name: 'grpc-server',
    port: () => boundPort,
    listen,
    async start() {
      await listen();
      serving = true;
      options.logger.info({ port: boundPort }, 'grpc serving');
    },
    async stop() {
      shuttingDown = true;
      // Finish in-flight calls; the process deadline forces the rest.
      await server.shutdown();
    },
  };
}

/** Until the process has started, a call other than a health check is UNAVAILABLE (a client retries it). */
function untilServing(isServing: () => boolean) {
  return async function* gate<Request, Response>(
    call: ServerMiddlewareCall<Request, Response>,
    context: CallContext,
  ) {
    if (!isServing()) throw new ServerError(Status.UNAVAILABLE, 'The service is starting.');
    return yield* call.next(call.request, context);
  };
}
