import { health } from '@travel/contracts';
import type { Logger } from '@travel/logger';
import { type ChannelOptions, createServer, type ServiceImplementation } from 'nice-grpc';

export interface ProbeListener {
  port(): number;
  listen(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A plaintext gRPC listener with grpc.health.v1 alone, the same answers as the service's own port, for probes
 * that cannot present a client certificate (the kubelet's gRPC probes speak plaintext). It serves nothing else,
 * and health tells only SERVING or NOT_SERVING of this process and its named checks.
 */
export function createProbeListener(
  host: string,
  port: number,
  healthService: ServiceImplementation<typeof health.HealthDefinition>,
  serverOptions: ChannelOptions,
  logger: Logger,
): ProbeListener {
  const server = createServer(serverOptions);
  server.add(health.HealthDefinition, healthService);
  let boundPort = port;
  return {
    port: () => boundPort,
    async listen() {
      boundPort = await server.listen(`${host}:${port}`);
      logger.info({ port: boundPort }, 'grpc health listening for probes (plaintext)');
    },
    async stop() {
      server.forceShutdown();
    },
  };
}
