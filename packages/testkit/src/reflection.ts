import { loadSync } from '@grpc/proto-loader';
import { findProtoRoot, protoFilesUnder } from '@travel/contracts';
import { channelCredentialsOf, PEER_DOMAIN } from '@travel/grpc';
import { GrpcReflection } from 'grpc-js-reflection-client';
import { peerTls } from './peer-tls';

/** Services by full name, each with its method names in order. */
export type ServiceMethods = Record<string, string[]>;

export interface ReflectionAnswers {
  /** What grpc.reflection.v1 lists, each service described from the file descriptors it answers. */
  v1: ServiceMethods;
  /** The same asked through grpc.reflection.v1alpha (what older grpcurl and grpcui ask). */
  v1alpha: ServiceMethods;
  /**
   * What `proto/` declares: every service of the given packages and grpc.health.v1, and any other service reflection listed
   * (undefined where `proto/` declares none), so comparing with the answers finds a service missing, one
   * listed that is not ours, and methods that differ.
   */
  declared: Record<string, string[] | undefined>;
}

/**
 * A service's gRPC server as its service.ts wires it, started alone (reflection needs no store or broker), asked
 * through its reflection, and stopped.
 */
export async function askServerReflection(
  grpc: { start(): Promise<void>; stop(): Promise<void>; port(): number },
  packages: string[],
): Promise<ReflectionAnswers> {
  await grpc.start();
  try {
    return await askReflection(`127.0.0.1:${grpc.port()}`, packages);
  } finally {
    await grpc.stop();
  }
}

/**
 * Asks a running server's reflection, v1 and v1alpha, as grpcurl would (through a third-party client, not our
 * server's code), and reads what `proto/` declares for the given packages and grpc.health.v1 (every server's).
 */
export async function askReflection(address: string, packages: string[]): Promise<ReflectionAnswers> {
  const [v1, v1alpha] = [await listByReflection(address, 'v1'), await listByReflection(address, 'v1alpha')];
  const all = declaredServices();
  const ours = Object.keys(all).filter((name) =>
    [...packages, 'grpc.health.v1'].some((pkg) => name.startsWith(`${pkg}.`)),
  );
  const names = new Set([...ours, ...Object.keys(v1), ...Object.keys(v1alpha)]);
  return { v1, v1alpha, declared: Object.fromEntries([...names].sort().map((name) => [name, all[name]])) };
}

async function listByReflection(address: string, version: 'v1' | 'v1alpha'): Promise<ServiceMethods> {
  // As the gateway: reflection, like health, answers any peer that proves it is one of ours.
  const client = new GrpcReflection(
    address,
    channelCredentialsOf(peerTls('gateway')),
    { 'grpc.ssl_target_name_override': PEER_DOMAIN },
    version,
  );
  try {
    const listed: ServiceMethods = {};
    for (const service of (await client.listServices()).sort())
      listed[service] = (await client.listMethods(service)).map((method) => method.name).sort();
    return listed;
  } finally {
    // The library keeps its grpc-js client private and never closes it.
    (client as unknown as { client: { close(): void } }).client.close();
  }
}

/** Every service the `.proto` files under `proto/` declare, with its methods (read with @grpc/proto-loader). */
export function declaredServices(): ServiceMethods {
  const root = findProtoRoot();
  if (!root) throw new Error('no proto/ folder found above @travel/contracts');
  const definitions = loadSync(protoFilesUnder(root), { includeDirs: [root] });
  const services: ServiceMethods = {};
  for (const [name, definition] of Object.entries(definitions))
    if (!('format' in definition) && !('type' in definition))
      services[name] = Object.values(definition)
        .map((method) => (method as { originalName?: string; path: string }).path.split('/')[2] ?? '')
        .sort();
  return services;
}
