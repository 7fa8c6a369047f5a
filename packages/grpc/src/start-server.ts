import { health } from '@travel/contracts';
import type { Logger } from '@travel/logger';
import { type CompatServiceDefinition, createServer, type ServiceImplementation } from 'nice-grpc';
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
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A gRPC server with grpc.health.v1, trace spans, and our request-context and error mapping on every service. */
export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  let shuttingDown = false;
  let boundPort = options.port;
  // The first middleware runs outermost: the trace span is active while the request context runs the call.
  const server = withServerMetrics(createServer())
    .use(traceServerCalls)
    .use(requestContextMiddleware(options.logger));
  for (const service of options.services) server.add(service.definition, service.implementation);
  server.add(
    health.HealthDefinition,
    createHealthService(options.healthChecks, () => shuttingDown),
  );
  return {
    name: 'grpc-server',
    port: () => boundPort,
    async start() {
      boundPort = await server.listen(`${options.host}:${options.port}`);
      options.logger.info({ port: boundPort }, 'grpc listening');
    },
    async stop() {
      shuttingDown = true;
      // Finish in-flight calls; the process deadline forces the rest.
      await server.shutdown();
    },
  };
}
